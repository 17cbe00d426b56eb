/**
 * SS58 validation: every generated account (random 32-byte public keys, in the network's format)
 * is accepted; one changed character, a dropped character or another network's prefix is refused,
 * the last with a message naming the network the address belongs to.
 */
import { base58Decode, base58Encode, encodeAddress } from '@polkadot/util-crypto'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { CaipNetwork } from '../../../src/domain/entities'
import { validatePolkadotAddress } from '../../../src/infrastructure/chains/polkadot/polkadot-addresses'

const POLKADOT = { caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182', name: 'Polkadot' } satisfies Pick<CaipNetwork, 'caipNetworkId' | 'name'>
const DEVNET = { caipNetworkId: 'polkadot:11d80c7033a79556158c7c2baf13702b', name: 'Polkadot Devnet' } satisfies Pick<CaipNetwork, 'caipNetworkId' | 'name'>
const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

const publicKey = fc.uint8Array({ minLength: 32, maxLength: 32 })
/**
 * SS58's checksum is 2 bytes: about one mutation in 65,536 still checks out, as in every wallet.
 * The mutation runs use a fixed seed so that rare case never makes the suite flaky.
 */
const MUTATION_RUNS = { numRuns: 500, seed: 20261124 }

describe('validatePolkadotAddress', () => {
  it('accepts every account in the network format (prefix 0 on Polkadot, 42 on an unknown network)', () => {
    fc.assert(
      fc.property(publicKey, (key) => {
        expect(validatePolkadotAddress(encodeAddress(key, 0), POLKADOT)).toEqual({ valid: true })
        expect(validatePolkadotAddress(encodeAddress(key, 42), DEVNET)).toEqual({ valid: true })
      }),
      { numRuns: 500 },
    )
  })

  it('refuses an address with one character changed or dropped', () => {
    fc.assert(
      fc.property(publicKey, fc.nat(), fc.constantFrom(...ALPHABET), fc.boolean(), (key, at, replacement, drop) => {
        const address = encodeAddress(key, 0)
        const i = at % address.length
        fc.pre(drop || address[i] !== replacement)
        const mutated = drop ? address.slice(0, i) + address.slice(i + 1) : address.slice(0, i) + replacement + address.slice(i + 1)
        expect(validatePolkadotAddress(mutated, POLKADOT)).toEqual({ valid: false, message: 'Invalid address' })
      }),
      MUTATION_RUNS,
    )
  })

  it('refuses a flipped bit in the decoded bytes (the checksum catches it)', () => {
    fc.assert(
      fc.property(publicKey, fc.nat(), fc.integer({ min: 0, max: 7 }), (key, at, bit) => {
        const bytes = base58Decode(encodeAddress(key, 0))
        bytes[at % bytes.length]! ^= 1 << bit
        expect(validatePolkadotAddress(base58Encode(bytes), POLKADOT).valid).toBe(false)
      }),
      MUTATION_RUNS,
    )
  })

  it("names the network of another prefix's address", () => {
    fc.assert(
      fc.property(publicKey, fc.constantFrom([2, 'Kusama'] as const, [42, 'the generic Substrate format'] as const, [1234, 'another network (SS58 prefix 1234)'] as const), (key, [prefix, name]) => {
        expect(validatePolkadotAddress(encodeAddress(key, prefix), POLKADOT)).toEqual({
          valid: false,
          message: `This address belongs to ${name}, not Polkadot`,
        })
      }),
      { numRuns: 500 },
    )
    expect(validatePolkadotAddress(encodeAddress(new Uint8Array(32).fill(7), 0), DEVNET)).toEqual({
      valid: false,
      message: 'This address belongs to Polkadot, not Polkadot Devnet',
    })
  })

  it('an EVM address is named as one', () => {
    expect(validatePolkadotAddress('0x1111111111111111111111111111111111111111', POLKADOT)).toEqual({
      valid: false,
      message: 'This is an EVM address, not a Polkadot one',
    })
  })
})
