/**
 * The page's Bitcoin wallets, for the bip122 wing's discovery (it loads with the page): Wallet
 * Standard wallets with `bitcoin:connect` and sats-connect providers listed in
 * `window.btc_providers` (the object at each entry's dotted `id`); a wallet offered both ways is
 * listed once, through the Wallet Standard; one that names its rdns (WALLET_RDNS_FEATURE) gets it
 * as its connector id, so a wallet that also announces itself through EIP-6963 is one row.
 */
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { Connector } from '../../../domain/entities'
import { boundWalletName } from '../../../domain/validation/text-bounds'
import type { Page } from '../family-discovery'
import { standardConnector } from '../solana/wallet-standard'

/** The Wallet Standard feature a Bitcoin wallet registers with (`@exodus/bitcoin-wallet-standard`). */
const BITCOIN_CONNECT = 'bitcoin:connect'

/** The Bitcoin wallets among the registered ones and the sats-connect providers, one connector each. */
export function bitcoinConnectors(wallets: readonly WalletStandardWallet[], page: Page): Connector[] {
  const byId = new Map<string, Connector>()
  const names = new Set<string>()
  for (const wallet of wallets) {
    try {
      if (!wallet.features[BITCOIN_CONNECT]) continue
      const connector = standardConnector(wallet, 'bip122')
      if (byId.has(connector.id)) continue
      names.add(wallet.name)
      byId.set(connector.id, connector)
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

