import { sha256 as reference } from '@noble/hashes/sha2'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { sha256 } from '../../../../src/domain/format/sha256'

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')

describe('sha256', () => {
  it('gives the FIPS 180-4 digests of the standard vectors', () => {
    expect(hex(sha256(new Uint8Array()))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855')
    expect(hex(sha256(new TextEncoder().encode('abc')))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(hex(sha256(new TextEncoder().encode('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    )
  })

  it('agrees with @noble/hashes on any input, across block boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 300 }), (data) => {
        expect(hex(sha256(data))).toBe(hex(reference(data)))
      }),
      { numRuns: 300 },
    )
  })
})
