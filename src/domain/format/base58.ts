/** Base58 (Bitcoin alphabet), the encoding of Solana addresses and signatures. */
import { BASE58_ALPHABET } from '../validation/addresses'
import { DomainError } from '../domain-error'

export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  // Base-58 digits, least significant first.
  const digits: number[] = []
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i] ?? 0
    for (let j = 0; j < digits.length; j++) {
      carry += (digits[j] ?? 0) << 8
      digits[j] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  return '1'.repeat(zeros) + digits.reverse().map((d) => BASE58_ALPHABET[d]).join('')
}

/** @throws Error on a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    let carry = BASE58_ALPHABET.indexOf(text[i] ?? '')
    if (carry < 0) throw new InvalidBase58Error()
    for (let j = 0; j < bytes.length; j++) {
      carry += (bytes[j] ?? 0) * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes.reverse()])
}

/** A text that is not base58 (a Solana address or signature was expected). */
export class InvalidBase58Error extends DomainError {
  override readonly name = 'InvalidBase58Error' as const
  readonly code = 'INVALID_BASE58' as const
  constructor() {
    super('Not a base58 string')
  }
}
