/**
 * Bundled into a page by chain-family.browser.test.ts: the contract's cases over the real eip155
 * wing (Eip155ChainFamily over Eip6963EvmWallets, this page's window) and the demo's Devnet Wallet
 * provider, which announces itself through EIP-6963, signs with devnet keys in the page and sends
 * to the devnet's Anvil chain. Each case gets a fresh browser context: a fresh wallet that has
 * never authorised the site, knows only its home network, and sits on it. The person's answers are
 * this wallet's own: a decline is its 4001, a request already waiting its -32002.
 */
import { DevWalletProvider, type DevChain } from '../../../../demo/src/dev-wallet/eip155/provider'
import { alreadyPending } from '../../../../demo/src/dev-wallet/rpc-error'
import type { CaipNetwork } from '../../../../src/domain/entities'
import { Eip155ChainFamily } from '../../../../src/infrastructure/chains/eip155/eip155-chain-family'
import { Eip6963EvmWallets } from '../../../../src/infrastructure/chains/eip155/eip6963-evm-wallets'
import { Eip155WalletCalls } from '../../../../src/infrastructure/chains/eip155/wallet-calls'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { serveCases, verifyInNode } from './runner'

export interface Eip155Setup {
  /** Two devnet keys funded on the home chain: the wallet's accounts (the second for accountsChanged). */
  readonly keys: readonly `0x${string}`[]
  readonly receiver: string
}


const RDNS = 'dev.walletgate.devnet'
const NATIVE = { name: 'Ether', symbol: 'ETH', decimals: 18 }

/** A devnet chain as a configured network; its RPC is this page's origin, forwarded by the test. */
function network(id: number, name: string): CaipNetwork {
  return {
    id,
    caipNetworkId: `eip155:${id}`,
    chainNamespace: 'eip155',
    name,
    nativeCurrency: NATIVE,
    rpcUrls: [`${location.origin}/rpc/${id}`],
  }
}

serveCases((setup: Eip155Setup) => {
  const home = network(31337, 'Devnet A')
  // Devnet B: the wallet does not know it, so a switch adds it first.
  const away = network(31338, 'Devnet B')
  const homeChain: DevChain = { id: 31337, name: home.name, rpcUrl: home.rpcUrls[0]!, nativeCurrency: NATIVE }
  const answers: Array<'decline' | 'pending'> = []
  let prompts = 0
  const provider = new DevWalletProvider(
    setup.keys,
    [homeChain],
    { authorized: false, chainId: home.id as number, accountIndex: 0 },
    // The person: approves unless the case scripted a decline or a request already waiting.
    {
      ask(request) {
        prompts++
        const answer = answers.shift()
        if (answer === 'pending') return Promise.reject(alreadyPending(request.method))
        return Promise.resolve(answer !== 'decline')
      },
      dismissAll: () => undefined,
    },
    () => undefined,
    'manual',
  )
  const info = Object.freeze({ uuid: crypto.randomUUID(), name: 'Devnet Wallet', icon: 'data:image/svg+xml;base64,PHN2Zy8+', rdns: RDNS })
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  // As an extension does when it loads: nobody listens yet.
  announce()

  const family = new Eip155ChainFamily([new Eip6963EvmWallets(new RecordingLogger())])
  return {
    family,
    walletCalls: new Eip155WalletCalls((id) => family.getProvider(id)),
    wallet: {
      id: RDNS,
      announce,
      declineNext: () => answers.push('decline'),
      pendingNext: () => answers.push('pending'),
      moveTo: (to) => provider.moveToChain(Number(to.id)),
      changeAccount() {
        provider.useAccount(1)
        return provider.address
      },
      requests: () => provider.log.length,
      prompts: () => prompts,
    },
    home,
    away,
    foreignChainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    receiver: setup.receiver,
    unseenHash: `0x${'ab'.repeat(32)}`,
    verify: verifyInNode,
  }
})
