/** Base58 (Bitcoin's alphabet) to bytes: Solana's addresses and signatures travel so. */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const VALUES = new Map([...ALPHABET].map((c, i) => [c, i]))

/** The bytes `text` encodes; throws on a character outside the alphabet. */
export function decodeBase58(text: string): Uint8Array {
  let value = 0n
  for (const c of text) {
    const digit = VALUES.get(c)
    if (digit === undefined) throw new Error(`not base58: ${JSON.stringify(c)}`)
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  // Each leading '1' is a leading zero byte.
  for (const c of text) {
    if (c !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

/** `bytes` in base58 (each leading zero byte a leading '1'). */
export function encodeBase58(bytes: Uint8Array): string {
  let value = 0n
  for (const byte of bytes) value = (value << 8n) | BigInt(byte)
  let text = ''
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)]! + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}
