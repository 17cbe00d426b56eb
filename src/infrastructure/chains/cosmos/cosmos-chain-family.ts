/**
 * The cosmos wing. Only discovery loads with the page (the Keplr-style globals); everything else
 * loads on a Cosmos path with the first request: enabling a chain, its key, following key changes
 * and ADR-036 signing (cosmos-session.ts, with bech32 checks from @cosmjs/encoding). Cosmos has no
 * balances or transfers here (spec section 9).
 */
import type { CaipNetwork, Connector } from '../../../domain/entities'
import { boundWalletName } from '../../../domain/validation/text-bounds'
import type { Logger } from '../../../ports/logger'
import { InjectedChainFamily } from '../injected-chain-family'
import { KEPLR_GLOBALS, type Keplr } from './keplr'

/**
 * @param networks the configured cosmos networks, the host's default first when it is one.
 * @param page where the wallets' globals are; by default `window`, read again while the page loads.
 * @param keystore where the wallets fire their key-change event; by default `window`.
 */
export function cosmosChainFamily(
  networks: readonly CaipNetwork[],
  logger: Logger,
  page?: () => Readonly<Record<string, unknown>>,
  keystore?: EventTarget,
): InjectedChainFamily<Keplr> {
  return new InjectedChainFamily<Keplr>(
    'cosmos',
    () => cosmosConnectors(page === undefined ? (window as unknown as Record<string, unknown>) : page()),
    (wallets, events) => import('../injected-sessions').then((m) => m.cosmosSession(wallets, networks, events, logger, keystore ?? window)),
    page === undefined,
  )
}

/** One connector per Keplr-style global with the calls the wing needs. A hostile global (a getter that throws) is left out. */
export function cosmosConnectors(page: Readonly<Record<string, unknown>>): Connector[] {
  const list: Connector[] = []
  for (const [key, known] of KEPLR_GLOBALS) {
    try {
      const wallet = page[key] as Partial<Keplr> | undefined
      if (typeof wallet?.enable !== 'function' || typeof wallet.getKey !== 'function') continue
      const name = typeof wallet.name === 'string' && wallet.name.trim() !== '' ? wallet.name : known
      list.push({ id: key, name: boundWalletName(name), type: 'INJECTED', chain: 'cosmos', provider: wallet })
    } catch {
      // left out
    }
  }
  return list
}
