/**
 * Finds the page's Bitcoin wallets, loaded when discovery starts (never with the page): Wallet
 * Standard wallets with `bitcoin:connect` (the registry Solana uses too) and sats-connect providers
 * listed in `window.btc_providers`. A wallet offered both ways is listed once, through the Wallet
 * Standard. A wallet that names its rdns (WALLET_RDNS_FEATURE) gets it as its connector id, so a
 * wallet that also announces itself through EIP-6963 is one row.
 */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { Connector } from '../../../domain/entities'
import { boundWalletName } from '../../../domain/validation/text-bounds'
import { WALLET_RDNS_FEATURE, type WalletRegistry } from '../solana/wallet-standard'

/** The Wallet Standard feature a Bitcoin wallet registers with (`@exodus/bitcoin-wallet-standard`). */
export const BITCOIN_CONNECT = 'bitcoin:connect'

/** An entry of `window.btc_providers` (sats-connect's `Provider`), as far as discovery reads it. */
interface SatsProviderInfo {
  readonly id?: unknown
  readonly name?: unknown
  readonly icon?: unknown
}

/** The provider object at a dotted path of `window` (`XverseProviders.BitcoinProvider`). */
function providerAt(root: object, path: string): object | undefined {
  let value: unknown = root
  for (const part of path.split('.')) value = (value as Record<string, unknown> | null | undefined)?.[part]
  return typeof (value as { request?: unknown } | undefined)?.request === 'function' ? (value as object) : undefined
}

/** The Bitcoin wallets among the registered ones and the sats-connect providers, one connector each. */
export function bitcoinConnectors(wallets: readonly WalletStandardWallet[], root: object): Connector[] {
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
        // The wallet's own object: its adapter is made when the wing first talks to it (bitcoin-adapters.ts).
        provider: wallet,
      })
    } catch {
      // A hostile wallet object (a getter that throws) is left out.
    }
  }
  let listed: unknown
  try {
    listed = (root as { btc_providers?: unknown }).btc_providers
  } catch {
    listed = undefined
  }
  for (const info of Array.isArray(listed) ? (listed as SatsProviderInfo[]) : []) {
    const { id, name, icon } = info ?? {}
    if (typeof id !== 'string' || typeof name !== 'string' || names.has(name) || byId.has(id)) continue
    const provider = providerAt(root, id)
    if (provider === undefined) continue
    byId.set(id, {
      id,
      name: boundWalletName(name),
      type: 'INJECTED',
      chain: 'bip122',
      ...(typeof icon === 'string' ? { imageUrl: icon } : {}),
      provider,
    })
  }
  return [...byId.values()]
}

/** Follows the registry (and the page's load, when sats-connect providers may still be injected). */
export function watchBitcoinWallets(registry: WalletRegistry, root: Window, publish: (connectors: Connector[]) => void): void {
  const refresh = () => publish(bitcoinConnectors(registry.get(), root))
  registry.on('register', refresh)
  registry.on('unregister', refresh)
  if (typeof root.addEventListener === 'function' && root.document?.readyState !== 'complete') {
    root.addEventListener('load', refresh, { once: true })
  }
  refresh()
}
