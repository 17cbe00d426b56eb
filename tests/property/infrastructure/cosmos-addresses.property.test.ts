/**
 * Bech32 validation: every generated account (random 20- or 32-byte data with the chain's prefix)
 * is accepted; one changed or dropped character is refused (bech32's checksum catches every change
 * of up to four characters, so no fixed seed is needed); another chain's prefix is refused naming it.
 */
import { toBech32 } from '@cosmjs/encoding'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateCosmosAddress } from '../../../src/infrastructure/chains/cosmos/cosmos-addresses'

const HUB = { caipNetworkId: 'cosmos:cosmoshub-4', name: 'Cosmos Hub' } as const
const DEVNET = { caipNetworkId: 'cosmos:walletgate-devnet-1', name: 'Cosmos Devnet' } as const
const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l'

const data = fc.oneof(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.uint8Array({ minLength: 32, maxLength: 32 }))

describe('validateCosmosAddress', () => {
  it("accepts every account with the chain's prefix, and any prefix on a chain it does not know", () => {
    fc.assert(
      fc.property(data, fc.stringMatching(/^[a-z]{1,10}$/), (bytes, prefix) => {
        expect(validateCosmosAddress(toBech32('cosmos', bytes), HUB)).toEqual({ valid: true })
        expect(validateCosmosAddress(toBech32(prefix, bytes), DEVNET)).toEqual({ valid: true })
      }),
      { numRuns: 500 },
    )
  })

  it('refuses an address with one character of its data changed or dropped, or in mixed case', () => {
    fc.assert(
      fc.property(data, fc.nat(), fc.constantFrom(...CHARSET), fc.boolean(), (bytes, at, replacement, drop) => {
        const address = toBech32('cosmos', bytes)
        const i = 'cosmos1'.length + (at % (address.length - 'cosmos1'.length))
        fc.pre(drop || address[i] !== replacement)
        const mutated = drop ? address.slice(0, i) + address.slice(i + 1) : address.slice(0, i) + replacement + address.slice(i + 1)
        expect(validateCosmosAddress(mutated, HUB)).toEqual({ valid: false, message: 'Invalid address' })
      }),
      { numRuns: 500 },
    )
    expect(validateCosmosAddress(toBech32('cosmos', new Uint8Array(20).fill(1)).replace('q', 'Q'), HUB).valid).toBe(false)
  })

  it("names the chain of another prefix's address", () => {
    fc.assert(
      fc.property(data, fc.constantFrom(['osmo', 'Osmosis'] as const, ['juno', 'Juno'] as const, ['zzz', 'another chain (prefix zzz)'] as const), (bytes, [prefix, name]) => {
        expect(validateCosmosAddress(toBech32(prefix, bytes), HUB)).toEqual({ valid: false, message: `This address belongs to ${name}, not Cosmos Hub` })
      }),
      { numRuns: 500 },
    )
    expect(validateCosmosAddress('0x1111111111111111111111111111111111111111', HUB)).toEqual({
      valid: false,
      message: 'This is an EVM address, not a Cosmos Hub one',
    })
  })
})
