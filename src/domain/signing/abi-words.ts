/**
 * Reading the static arguments of a contract call (ABI words of 32 bytes after a 4-byte selector)
 * as a Solidity contract's own decoder reads them: an address with dirty high bits, a bool other
 * than 0 or 1, or a uintN past its bits is refused (the contract would revert), so what is shown
 * is what the contract would see. By hand, because every token function decoded here takes only
 * static words, and the domain takes no ABI machinery.
 */
import { getAddress, isHex } from 'viem'

export type StaticType = 'address' | 'bool' | `uint${number}` | 'bytes32'
export type StaticValue<T extends StaticType> = T extends 'address' ? string : T extends 'bool' ? boolean : T extends 'bytes32' ? string : bigint

/** Call data split into its selector and argument bytes (as hex without 0x), or undefined for text that is not 0x-hex bytes. */
export interface CallBytes {
  /** "0x" and 8 hex digits, or undefined when the data is shorter than a selector. */
  readonly selector: string | undefined
  /** Argument bytes as lowercase hex without 0x. */
  readonly args: string
  /** Length of the whole call data in bytes. */
  readonly size: number
}

export function splitCall(data: string): CallBytes | undefined {
  if (!isHex(data, { strict: true }) || data.length % 2 !== 0) return undefined
  const hex = data.slice(2).toLowerCase()
  const size = hex.length / 2
  if (size < 4) return { selector: undefined, args: '', size }
  return { selector: `0x${hex.slice(0, 8)}`, args: hex.slice(8), size }
}

/**
 * The static arguments of `types` from the argument bytes, or undefined when the bytes are too
 * short or a word is not a valid value of its type. Bytes after the last word are ignored, as a
 * contract ignores them; `extra` says how many there are.
 */
export function readWords<const T extends readonly StaticType[]>(
  args: string,
  types: T,
): { values: { [K in keyof T]: StaticValue<T[K]> }; extra: number } | undefined {
  if (args.length < types.length * 64) return undefined
  const values: unknown[] = []
  for (let i = 0; i < types.length; i++) {
    const word = args.slice(i * 64, i * 64 + 64)
    const value = readWord(word, types[i]!)
    if (value === undefined) return undefined
    values.push(value)
  }
  return { values: values as { [K in keyof T]: StaticValue<T[K]> }, extra: (args.length - types.length * 64) / 2 }
}

function readWord(word: string, type: StaticType): string | boolean | bigint | undefined {
  const n = BigInt(`0x${word}`)
  switch (type) {
    case 'address':
      return n >> 160n === 0n ? getAddress(`0x${word.slice(24)}`) : undefined
    case 'bool':
      return n === 0n ? false : n === 1n ? true : undefined
    case 'bytes32':
      return `0x${word}`
    default: {
      const bits = BigInt(type.slice(4))
      return n >> bits === 0n ? n : undefined
    }
  }
}
