/**
 * The history's `token` filter (the wire's HISTORY_TOKEN_PATTERN), read once for every family: the
 * chain's own coin, or one token contract (an eip155 address, a Solana mint), named bare or as a
 * CAIP-19 asset id. A CAIP-19 id of another chain than the page's, or a contract written the way
 * another family writes it, is refused (400), never read as "no filter".
 */
import { HISTORY_TOKEN_PATTERN } from '../wire.js'
import { ChainDataError } from '../chain-data.js'

export type HistoryToken =
  | { readonly kind: 'native' }
  /** `address` as the caller wrote it (a mint is case-sensitive; an 0x address is not). */
  | { readonly kind: 'contract'; readonly address: string }

/** The refusal of a token filter that is well formed but not one of this chain's. */
export const INVALID_TOKEN_MESSAGE = 'Invalid query parameter token'

/**
 * The filter `value` names on the chain `caipChainId` (`namespace:reference`); undefined for none.
 * @throws ChainDataError 400 for a value outside the pattern, another chain's asset id, or an asset
 *   namespace the chain's family does not have (`contract` says how the family writes a contract).
 */
export function historyToken(value: string | null, caipChainId: string, contract: (address: string) => boolean): HistoryToken | undefined {
  if (value === null || value === '') return undefined
  if (value.length > 100 || !HISTORY_TOKEN_PATTERN.test(value)) throw new ChainDataError(400, INVALID_TOKEN_MESSAGE)
  if (value === 'native') return { kind: 'native' }
  const slash = value.indexOf('/')
  if (slash === -1) {
    if (!contract(value)) throw new ChainDataError(400, INVALID_TOKEN_MESSAGE)
    return { kind: 'contract', address: value }
  }
  const chain = value.slice(0, slash)
  const [assetNamespace, reference] = value.slice(slash + 1).split(':') as [string, string]
  if (chain !== caipChainId) throw new ChainDataError(400, INVALID_TOKEN_MESSAGE)
  if (assetNamespace === 'slip44') return { kind: 'native' }
  if (!contract(reference)) throw new ChainDataError(400, INVALID_TOKEN_MESSAGE)
  return { kind: 'contract', address: reference }
}

/** The filter as a cursor records it (a cursor is good only with the filter it came with). */
export function historyTokenTag(token: HistoryToken | undefined): string {
  return token === undefined ? '' : token.kind === 'native' ? 'native' : token.address
}
