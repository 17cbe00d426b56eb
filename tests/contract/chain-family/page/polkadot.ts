/**
 * Bundled into a page by chain-family.browser.test.ts: the contract's cases over the real polkadot
 * wing (the on-demand family over this page's `window.injectedWeb3`, and its Polkadot session) and
 * the demo's Polkadot extension, which signs with the devnet's test keys. The person changes
 * accounts the way an extension lets them: they stop sharing the account in use with the site
 * ("manage website access"), and the extension tells the site's subscription. The site may move
 * to a second network, Polkadot itself (same keys, another SS58 format).
 */
import { DEVNET_POLKADOT_ACCOUNTS, POLKADOT_DEVNET_CAIP_NETWORK_ID } from '../../../../devnet/src/chains/polkadot/network'
import { DevPolkadotExtension } from '../../../../demo/src/dev-wallet/polkadot/polkadot-wallet'
import { OnDemandChainFamily } from '../../../../src/infrastructure/chains/on-demand-chain-family'
import { polkadot } from '../../../../src/infrastructure/chains/polkadot/wing'
import { RecordingLogger } from '../../../fakes/recording-logger'
import { contractWallet, networkOf, scriptedPerson, serveCases, verifyInNode } from './runner'


/** The key under `window.injectedWeb3`, which is also the connector id. */
const KEY = 'devnet-polkadot'
const DOT = { name: 'DOT', symbol: 'DOT', decimals: 10 }

type Account = { readonly address: string }
type Listener = (accounts: Account[]) => void

/** The extension as the page sees it, with the accounts the person shares with the site. */
function sharedWithSite(extension: DevPolkadotExtension): { readonly injected: object; stopSharing(address: string): void } {
  const unshared = new Set<string>()
  const refreshes = new Set<() => void>()
  const shared = <T extends Account>(accounts: readonly T[]): T[] => accounts.filter((a) => !unshared.has(a.address))
  return {
    injected: {
      name: extension.name,
      version: extension.version,
      async enable(originName: string) {
        const site = await extension.enable(originName)
        return {
          signer: site.signer,
          accounts: {
            get: async () => shared(await site.accounts.get()),
            subscribe(listener: Listener) {
              const refresh = () => void site.accounts.get().then((list) => listener(shared(list)), () => listener([]))
              refreshes.add(refresh)
              const off = site.accounts.subscribe((list) => listener(shared(list)))
              return () => {
                refreshes.delete(refresh)
                off()
              }
            },
          },
        }
      },
    },
    stopSharing(address) {
      unshared.add(address)
      for (const refresh of [...refreshes]) refresh()
    },
  }
}

serveCases(() => {
  const home = networkOf(POLKADOT_DEVNET_CAIP_NETWORK_ID as `polkadot:${string}`, 'Polkadot Devnet', DOT)
  const away = networkOf('polkadot:91b171bb158e2d3848fa23a9f1c25182', 'Polkadot', DOT)
  const person = scriptedPerson()
  const extension = new DevPolkadotExtension(
    { name: 'Devnet Wallet (Polkadot)', accounts: DEVNET_POLKADOT_ACCOUNTS, ...person.gate },
    { authorized: false },
  )
  const site = sharedWithSite(extension)
  const page = window as { injectedWeb3?: Record<string, unknown> }
  // As an extension does when it loads: its entry is there before anybody reads it.
  const announce = () => void (page.injectedWeb3 = { ...page.injectedWeb3, [KEY]: site.injected })
  announce()
  // The accounts the site sees, in order (generic SS58 format: the devnet's); the first is in use after connect.
  const inUse = [...DEVNET_POLKADOT_ACCOUNTS.map((a) => a.address)]

  return {
    family: new OnDemandChainFamily(polkadot, [home, away], new RecordingLogger(), { appName: 'Walletgate contract' }),
    wallet: contractWallet(person, {
      id: KEY,
      announce,
      changeAccount() {
        site.stopSharing(inUse.shift()!)
        return inUse[0]!
      },
      requests: () => extension.log.length,
    }),
    home,
    away,
    foreignChainId: 'eip155:1',
    receiver: DEVNET_POLKADOT_ACCOUNTS[2]!.address,
    verify: verifyInNode,
  }
})
