/**
 * Finds the page's bip122, polkadot and cosmos wallets; one module of helpers for the three
 * families' wings (each wing's `watch` picks its own), on the page with the shell
 * (on-demand-chain-family.ts) since it runs at mount: keep it small. Wallets of these families
 * announce nothing, so the page is read now, when it has loaded and a few times in the first
 * seconds (bip122's Wallet Standard wallets are followed through the registry as well: see
 * bip122/bitcoin-discovery.ts). polkadot lists each entry of `window.injectedWeb3` with an `enable`
 * function, cosmos the Keplr-style globals with `enable` and `getKey` (their wing.ts).
 * A hostile entry (a getter that throws) is left out. The objects found are the connectors'
 * providers; the adapters over them load with the session.
 */
import type { ChainNamespace, Connector } from '../../domain/entities'
import { boundWalletName } from '../../domain/validation/text-bounds'
import type { FamilyOptions } from './wing'

const RESCANS_MS = [250, 1000, 3000] as const

export type Page = Readonly<Record<string, unknown>>

/** The page the family's wallets are found on: the host's or test's root, else `window`. */
export const pageOf = (options: FamilyOptions) => (): Page => (options.root?.() ?? window) as unknown as Page

/** Reads the family's wallets with `scan` now and while the page loads, handing each list to `publish`. */
export function watchWallets(options: FamilyOptions, scan: () => Connector[], publish: (connectors: Connector[]) => void): void {
  publish(scan())
  if (options.root !== undefined) return
  const read = () => {
    try {
      publish(scan())
    } catch {
      // A page object that throws later: the list stays as it was.
    }
  }
  if (document.readyState !== 'complete') window.addEventListener('load', read, { once: true })
  for (const ms of RESCANS_MS) setTimeout(read, ms)
}

/**
 * One connector per injected object that has every call the family needs: polkadot's extensions
 * (each entry of `window.injectedWeb3`), cosmos's Keplr-style globals. A wallet's own display name
 * (not in the standards) is shown when it sets a non-blank one, else the key's known name.
 */
export function injectedConnectors(chain: ChainNamespace, page: Page | undefined, names: Readonly<Record<string, string>> | undefined, calls: readonly string[]): Connector[] {
  const list: Connector[] = []
  for (const id of Object.keys(names ?? page ?? {})) {
    try {
      const wallet = page?.[id] as Record<string, unknown> | undefined
      if (wallet === undefined || calls.some((call) => typeof wallet[call] !== 'function')) continue
      const name = typeof wallet.name === 'string' && wallet.name.trim() !== '' ? wallet.name : (names?.[id] ?? id)
      list.push({ id, name: boundWalletName(name), type: 'INJECTED', chain, provider: wallet })
    } catch {
      // left out
    }
  }
  return list
}
