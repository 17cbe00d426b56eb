/**
 * Bundled into a page by chain-family.browser.test.ts: the contract's cases over the real cosmos
 * wing (the on-demand family over this page's Keplr-style `window.keplr`, and its Cosmos session)
 * and the demo's Cosmos wallet, which signs ADR-036 documents with a test mnemonic. The person
 * changes accounts the way Keplr lets them: they select another key (here, a second demo wallet
 * over another mnemonic) and the wallet fires `keplr_keystorechange`. The site may move to a
 * second chain the wallet knows, the Cosmos Hub (enabling it asks the person).
 */
import { COSMOS_DEVNET_CAIP_NETWORK_ID, COSMOS_DEVNET_CHAIN_ID, DEVNET_COSMOS_MNEMONIC } from '../../../../devnet/src/chains/cosmos/network'
import { DevCosmosWallet } from '../../../../demo/src/dev-wallet/cosmos/cosmos-wallet'
import { OnDemandChainFamily } from '../../../../src/infrastructure/chains/on-demand-chain-family'
import { cosmos } from '../../../../src/infrastructure/chains/cosmos/wing'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { contractWallet, networkOf, scriptedPerson, serveCases, verifyInNode } from './runner'

export interface CosmosSetup {
  /** A second key for the wallet (the person selects it), and its account address. */
  readonly otherMnemonic: string
  readonly otherAddress: string
}


const ATOM = { name: 'Atom', symbol: 'ATOM', decimals: 6 }

serveCases((setup: CosmosSetup) => {
  const home = networkOf(COSMOS_DEVNET_CAIP_NETWORK_ID as `cosmos:${string}`, 'Cosmos Devnet', ATOM)
  const away = networkOf('cosmos:cosmoshub-4', 'Cosmos Hub', ATOM)
  const person = scriptedPerson()
  const keys = [DEVNET_COSMOS_MNEMONIC, setup.otherMnemonic].map(
    (mnemonic) =>
      new DevCosmosWallet(
        {
          name: 'Devnet Wallet (Cosmos)',
          mnemonic,
          chains: { [COSMOS_DEVNET_CHAIN_ID]: 'cosmos', 'cosmoshub-4': 'cosmos' },
          ...person.gate,
        },
        { enabled: [] },
      ),
  )
  let selected = 0
  const key = () => keys[selected]!
  // The wallet as the page sees it: Keplr's calls, answered with the key the person selected.
  const keplr = {
    name: 'Devnet Wallet (Cosmos)',
    enable: (chainIds: string | string[]) => key().enable(chainIds),
    disable: (chainIds?: string | string[]) => key().disable(chainIds),
    getKey: (chainId: string) => key().getKey(chainId),
    signArbitrary: (chainId: string, signer: string, data: string | Uint8Array) => key().signArbitrary(chainId, signer, data),
  }
  // As an extension does when it loads: the global is there before anybody reads it.
  const announce = () => void ((window as { keplr?: unknown }).keplr = keplr)
  announce()

  return {
    family: new OnDemandChainFamily(cosmos, [home, away], new RecordingLogger()),
    wallet: contractWallet(person, {
      id: 'keplr',
      announce,
      changeAccount() {
        // Keplr keeps the site's permissions across keys.
        keys[1]!.reset({ enabled: [...keys[0]!.enabledChains] })
        selected = 1
        window.dispatchEvent(new Event('keplr_keystorechange'))
        return setup.otherAddress
      },
      requests: () => keys.reduce((sum, k) => sum + k.log.length, 0),
    }),
    home,
    away,
    foreignChainId: 'eip155:1',
    receiver: setup.otherAddress,
    verify: verifyInNode,
  }
})
