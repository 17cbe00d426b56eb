/**
 * How a token picker reads what a visitor types: a name or symbol prefix, or a pasted address. Pure
 * and family-neutral: an address is told by its shape (one word of letters, digits and colons, long
 * enough to be one), and compared by its last part, the token's own address, whatever the case.
 */

/** A pasted address is at least this long (the shortest token addresses of the families). */
const ADDRESS_MIN_LENGTH = 26

/** The text as the picker compares it: trimmed, lower-cased. */
export function normalTokenText(text: string): string {
  return text.trim().toLowerCase()
}

/** The token address a text names (its last `:` part, lower-cased), or undefined when it reads as a name. */
export function pastedAddressOf(text: string): string | undefined {
  const t = normalTokenText(text)
  if (t.length < ADDRESS_MIN_LENGTH || !/^[0-9a-z:]+$/.test(t) || !/\d/.test(t)) return undefined
  const last = t.slice(t.lastIndexOf(':') + 1)
  return last.length >= ADDRESS_MIN_LENGTH ? last : undefined
}

/** The token's own address (the last part of a CAIP-10 one), lower-cased. */
function ownAddress(address: string): string {
  return address.slice(address.lastIndexOf(':') + 1).toLowerCase()
}

/**
 * Whether a token answers the text: every token for an empty one; for an address, the token at it;
 * else one whose symbol, name or a word of its name starts with it.
 */
export function tokenMatchesText(token: { readonly symbol: string; readonly name: string; readonly address?: string | undefined }, text: string): boolean {
  const t = normalTokenText(text)
  if (t === '') return true
  const address = pastedAddressOf(t)
  if (address !== undefined) return token.address !== undefined && ownAddress(token.address) === address
  const name = token.name.toLowerCase()
  return token.symbol.toLowerCase().startsWith(t) || name.startsWith(t) || name.split(/\s+/).some((word) => word.startsWith(t))
}
