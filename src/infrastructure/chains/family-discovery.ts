/**
 * Finds the page's bip122, polkadot and cosmos wallets; one module of helpers for the three
 * families' wings (each wing's `watch` picks its own), on the page with the shell
 * (on-demand-chain-family.ts) since it runs at mount: keep it small. Wallets of these families
 * announce nothing, so the page is read now, when it has loaded and a few times in the first
 * seconds; Bitcoin's Wallet Standard wallets are followed through the registry as well.
 * - bip122: Wallet Standard wallets with `bitcoin:connect` and sats-connect providers listed in
 *   `window.btc_providers` (the object at each entry's dotted `id`); a wallet offered both ways is
 *   listed once, through the Wallet Standard; one that names its rdns (WALLET_RDNS_FEATURE) gets it
 *   as its connector id, so a wallet that also announces itself through EIP-6963 is one row.
 * - polkadot: each entry of `window.injectedWeb3` with an `enable` function.
 * - cosmos: the Keplr-style globals (`window.keplr`, `window.leap`) with `enable` and `getKey`.
 * A hostile entry (a getter that throws) is left out. The objects found are the connectors'
 * providers; the adapters over them load with the session.
 */
import type { WalletStandardWallet } from '../../domain/chains/wallet-providers'
import type { ChainNamespace, Connector } from '../../domain/entities'
import { boundWalletName } from '../../domain/validation/text-bounds'
import type { FamilyOptions } from './wing'
import { WALLET_RDNS_FEATURE } from './solana/wallet-standard'

/** The Wallet Standard feature a Bitcoin wallet registers with (`@exodus/bitcoin-wallet-standard`). */
const BITCOIN_CONNECT = 'bitcoin:connect'

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

/** The Bitcoin wallets among the registered ones and the sats-connect providers, one connector each. */
export function bitcoinConnectors(wallets: readonly WalletStandardWallet[], page: Page): Connector[] {
  const byId = new Map<string, Connector>()
  const names = new Set<string>()
  for (const wallet of wallets) {
    try {
      const { features, name } = wallet
      if (!features[BITCOIN_CONNECT]) continue
      const rdns = (features[WALLET_RDNS_FEATURE] as { rdns?: unknown } | undefined)?.rdns
      const id = typeof rdns === 'string' && /^[\w-]+(\.[\w-]+)+$/.test(rdns) ? rdns : name
      if (byId.has(id)) continue
      names.add(name)
      byId.set(id, {
        id,
        name: boundWalletName(name),
        type: 'ANNOUNCED',
        chain: 'bip122',
        imageUrl: wallet.icon,
        ...(id === name ? {} : { info: { rdns: id } }),
        provider: wallet,
      })
    } catch {
      // left out
    }
  }
  let listed: unknown
  try {
    listed = page.btc_providers
  } catch {
    // a hostile page: no sats-connect providers
  }
  for (const info of Array.isArray(listed) ? (listed as unknown[]) : []) {
    try {
      const { id, name, icon } = (info ?? {}) as { id?: unknown; name?: unknown; icon?: unknown }
      if (typeof id !== 'string' || typeof name !== 'string' || names.has(name) || byId.has(id)) continue
      // The provider object at a dotted path of the page (`XverseProviders.BitcoinProvider`).
      let provider: unknown = page
      for (const part of id.split('.')) provider = (provider as Page | undefined)?.[part]
      if (typeof (provider as { request?: unknown } | undefined)?.request !== 'function') continue
      byId.set(id, {
        id,
        name: boundWalletName(name),
        type: 'INJECTED',
        chain: 'bip122',
        ...(typeof icon === 'string' ? { imageUrl: icon } : {}),
        provider,
      })
    } catch {
      // left out
    }
  }
  return [...byId.values()]
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
