/**
 * Base58 (the Bitcoin alphabet Solana uses), decode only. The service reads instruction data with
 * it; it stays free of the Solana SDKs so the service loads where the Solana part is not installed
 * (a host's test devnet without litesvm).
 */
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

export function decodeBase58(text: string): Uint8Array {
  let value = 0n
  for (const char of text) {
    const digit = ALPHABET.indexOf(char)
    if (digit < 0) throw new Error(`not base58: ${JSON.stringify(char)}`)
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn))
    value >>= 8n
  }
  // Each leading '1' stands for one leading zero byte.
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}
