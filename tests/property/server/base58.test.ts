import fc from 'fast-check'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { describe, expect, it } from 'vitest'
import { decodeBase58 } from '../../../server/src/base58.js'

describe("the server's own base58 decoder", () => {
  it('reads every text as the Solana SDK does, leading zero bytes included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        const text = getBase58Decoder().decode(bytes)
        expect(decodeBase58(text)).toEqual(new Uint8Array(getBase58Encoder().encode(text)))
        expect(decodeBase58(text)).toEqual(bytes)
      }),
    )
  })

  it('refuses a character outside the alphabet', () => {
    expect(() => decodeBase58('abc0')).toThrow('not base58: "0"')
  })
})
