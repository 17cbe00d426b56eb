/**
 * What the chain-data sources of one namespace's networks share (EVM's, Solana's, Bitcoin's): which
 * of their networks a balance call names, the hand-on of what is not theirs, the supported chains
 * merged with the next source's, the display currency's rate, and a balance's row.
 */
import { formatUnits } from 'viem'
import type { ChainDataAnswer, ChainDataHandler, ChainDataOperation, ChainDataPort, ChainDataRequest } from '../chain-data.js'
import { ChainDataError } from '../chain-data.js'
import type { PriceSource } from './price-feeds.js'

/** The next source's answer to what is not this source's, or `empty` when there is none. */
export function passOn(next: ChainDataPort, operation: ChainDataOperation, request: ChainDataRequest, empty: unknown): Promise<ChainDataAnswer> | ChainDataAnswer {
  const handler = next[operation]
  return handler === undefined ? { json: empty } : handler(request)
}

/** A network's prices, or none when its source does not answer (no fiat value, never an error). */
export function pricesOrNone(source: PriceSource | undefined): Promise<Map<string, number>> {
  return source?.prices().catch(() => new Map<string, number>()) ?? Promise.resolve(new Map<string, number>())
}

/**
 * A balance in the wire's shape (spec section 5): `price` 0 for a token without one, which the
 * modal shows with no fiat value. `address` is the token's own (absent for the native coin).
 */
export function balanceRow(chainId: string, token: { name: string; symbol: string; decimals: number }, amount: bigint, price: number, iconUrl: string, address?: string) {
  const numeric = formatUnits(amount, token.decimals)
  return {
    name: token.name,
    symbol: token.symbol,
    chainId,
    ...(address === undefined ? {} : { address: `${chainId}:${address}` }),
    value: Number(numeric) * price,
    price,
    quantity: { decimals: String(token.decimals), numeric },
    iconUrl,
  }
}

/**
 * The network and address a balance call names (a CAIP-10 account of `namespace`, or a plain address
 * with `chainId`, or alone when one network is configured); undefined when it is none of `networks`.
 */
export function accountOn(namespace: string, networks: ReadonlySet<string>, isAddress: (value: string) => boolean, address: string, chainParam: string | null): { id: string; owner: string } | undefined {
  const parts = address.trim().split(':')
  let id: string | undefined
  let owner: string
  if (parts.length === 3 && parts[0] === namespace) [id, owner] = [`${namespace}:${parts[1]}`, parts[2]!]
  else if (parts.length === 1 && !parts[0]!.startsWith('0x')) [id, owner] = [chainParam ?? undefined, parts[0]!]
  else return undefined
  if ((id !== undefined && !id.startsWith(`${namespace}:`)) || !isAddress(owner)) return undefined
  id ??= networks.size === 1 ? [...networks][0] : undefined
  return id !== undefined && networks.has(id) ? { id, owner } : undefined
}

/** The supported chains: the next source's, then these networks. */
export function supportedWith(ours: readonly string[], next: ChainDataPort): ChainDataHandler {
  return async (request) => {
    const others = next.supportedChains === undefined ? { http: [], ws: [] } : ((await next.supportedChains(request)).json as { http: string[]; ws: string[] })
    return { json: { http: [...new Set([...others.http, ...ours])], ws: [...new Set([...others.ws, ...ours])] } }
  }
}

/** The USD price of one unit of a display currency (1 for USD); a 400 for a currency nothing prices. */
export type CurrencyRate = (currency: string | undefined) => Promise<number>

/**
 * The USD price of one unit of the `currency` a request asks for: from `rate` (the EVM chains' feeds
 * of currencies, or the price endpoint), else only USD is known (these networks' feeds are USD feeds).
 */
export async function currencyRateOf(rate: CurrencyRate | undefined, currency: string | null): Promise<number> {
  if (rate !== undefined) return rate(currency ?? undefined)
  if (currency !== null && currency.toLowerCase() !== 'usd') throw new ChainDataError(400, `Unsupported currency ${currency}`)
  return 1
}
