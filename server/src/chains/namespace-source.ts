/**
 * What the sources of one namespace's networks (Solana's, Bitcoin's) share: which of their networks
 * a balance call names, the supported chains merged with the next source's, and the one currency
 * they price in.
 */
import type { ChainDataHandler, ChainDataPort } from '../chain-data.js'
import { ChainDataError } from '../chain-data.js'

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

/** These networks are priced in USD only (their feeds are USD feeds). */
export function requireUsd(currency: string | null): void {
  if (currency !== null && currency.toLowerCase() !== 'usd') throw new ChainDataError(400, `Unsupported currency ${currency}`)
}
