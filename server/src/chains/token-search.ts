/**
 * A chain's swap tokens searched (GET /v1/convert/search): by an exact address (plain or CAIP-10),
 * else by a prefix of the symbol, of the name or of a word of the name, case-insensitively. The
 * list's first tokens are the chain's popular ones (the host orders its token list so): they come
 * first, and alone answer an empty search. The text is compared, never compiled (no pattern built
 * from it), and the answer is bounded.
 */
import { TOKEN_SEARCH_MAX_RESULTS } from '../wire.js'

/** How many of a chain's first swap tokens (its native coin first) count as popular. */
export const POPULAR_TOKEN_COUNT = 5

export interface SearchableToken {
  readonly name: string
  readonly symbol: string
  /** CAIP-10. */
  readonly address: string
  readonly decimals: number
  readonly logoUri: string
}

/** How well a token answers the text: lower is better, undefined not at all. */
function rank(token: SearchableToken, text: string): number | undefined {
  const symbol = token.symbol.toLowerCase()
  if (symbol === text) return 0
  if (symbol.startsWith(text)) return 1
  const name = token.name.toLowerCase()
  if (name.startsWith(text)) return 2
  return name.split(/\s+/).some((word) => word.startsWith(text)) ? 3 : undefined
}

/** The 0x address a text names (plain or CAIP-10 on `chainId`), lower-cased; `other` for another chain's. */
function addressIn(text: string, chainId: string): string | 'other' | undefined {
  const parts = text.split(':')
  const raw = parts.length === 3 ? parts[2]! : parts.length === 1 ? parts[0]! : ''
  if (!/^0x[0-9a-f]{40}$/i.test(raw)) return undefined
  if (parts.length === 3 && `${parts[0]}:${parts[1]}`.toLowerCase() !== chainId.toLowerCase()) return 'other'
  return raw.toLowerCase()
}

/** `tokens` (a chain's, popular first) that answer `query`, best first, at most TOKEN_SEARCH_MAX_RESULTS. */
export function searchTokens(tokens: readonly SearchableToken[], query: string, chainId: string): (SearchableToken & { popular: boolean })[] {
  const rows = tokens.map((token, index) => ({ ...token, popular: index < POPULAR_TOKEN_COUNT, index }))
  const text = query.trim().toLowerCase()
  let found: typeof rows
  if (text === '') {
    found = rows.filter((row) => row.popular)
  } else {
    const address = addressIn(text, chainId)
    if (address !== undefined) {
      found = address === 'other' ? [] : rows.filter((row) => row.address.split(':')[2]?.toLowerCase() === address)
    } else {
      found = rows
        .map((row) => ({ row, rank: rank(row, text) }))
        .filter((entry): entry is { row: (typeof rows)[number]; rank: number } => entry.rank !== undefined)
        .sort((a, b) => Number(b.row.popular) - Number(a.row.popular) || a.rank - b.rank || a.row.index - b.row.index)
        .map((entry) => entry.row)
    }
  }
  return found.slice(0, TOKEN_SEARCH_MAX_RESULTS).map(({ index: _index, ...token }) => token)
}
