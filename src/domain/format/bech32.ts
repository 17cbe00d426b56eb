/**
 * Bech32 (BIP-173) and bech32m (BIP-350) decoding with checksum verification: the encoding of
 * segwit Bitcoin addresses and of Cosmos addresses. Pure and small, so address checks need no
 * library in the page's first script.
 */
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'
const BECH32_CONST = 1
const BECH32M_CONST = 0x2bc830a3
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3]

export interface Bech32Decoded {
  readonly prefix: string
  /** The 5-bit groups between the separator and the checksum. */
  readonly words: readonly number[]
  readonly encoding: 'bech32' | 'bech32m'
}

function polymod(values: readonly number[]): number {
  let chk = 1
  for (const value of values) {
    const top = chk >>> 25
    chk = ((chk & 0x1ffffff) << 5) ^ value
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GENERATORS[i]!
  }
  return chk >>> 0
}

function expandPrefix(prefix: string): number[] {
  const out: number[] = []
  for (const c of prefix) out.push(c.charCodeAt(0) >> 5)
  out.push(0)
  for (const c of prefix) out.push(c.charCodeAt(0) & 31)
  return out
}

/** Decodes a bech32 or bech32m string (at most `limit` characters); undefined when it is not one. */
export function bech32Decode(text: string, limit = 90): Bech32Decoded | undefined {
  if (text.length < 8 || text.length > limit) return undefined
  // Mixed case is invalid; one case is fine.
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) return undefined
  const lower = text.toLowerCase()
  const split = lower.lastIndexOf('1')
  if (split < 1 || split + 7 > lower.length) return undefined
  const prefix = lower.slice(0, split)
  for (const c of prefix) {
    const code = c.charCodeAt(0)
    if (code < 33 || code > 126) return undefined
  }
  const data: number[] = []
  for (const c of lower.slice(split + 1)) {
    const value = CHARSET.indexOf(c)
    if (value < 0) return undefined
    data.push(value)
  }
  const check = polymod([...expandPrefix(prefix), ...data])
  const encoding = check === BECH32_CONST ? 'bech32' : check === BECH32M_CONST ? 'bech32m' : undefined
  if (encoding === undefined) return undefined
  return { prefix, words: data.slice(0, -6), encoding }
}

/** Regroups 5-bit words into bytes; undefined when the padding is not zero bits (BIP-173). */
export function wordsToBytes(words: readonly number[]): Uint8Array | undefined {
  let acc = 0
  let bits = 0
  const out: number[] = []
  for (const word of words) {
    acc = (acc << 5) | word
    bits += 5
    while (bits >= 8) {
      bits -= 8
      out.push((acc >> bits) & 0xff)
    }
  }
  if (bits >= 5 || ((acc << (8 - bits)) & 0xff) !== 0) return undefined
  return Uint8Array.from(out)
}
