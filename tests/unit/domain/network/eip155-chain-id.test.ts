import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseEip155ChainId, wellFormedCaipNetworkId } from '../../../../src/domain/network/caip-network-id'

describe('eip155 chain ids from wallets', () => {
  it('every positive safe integer reads back exactly, as hex, decimal text or a number (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (id) => {
        expect(parseEip155ChainId(`0x${id.toString(16)}`)).toBe(id)
        expect(parseEip155ChainId(String(id))).toBe(id)
        expect(parseEip155ChainId(id)).toBe(id)
        expect(wellFormedCaipNetworkId(`eip155:${String(id)}`)).toBe(`eip155:${String(id)}`)
      }),
    )
  })

  it('anything beyond the safe integers is malformed, whatever its spelling (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: BigInt(Number.MAX_SAFE_INTEGER) + 1n, max: 2n ** 256n }), (id) => {
        expect(parseEip155ChainId(`0x${id.toString(16)}`)).toBeUndefined()
        expect(parseEip155ChainId(id.toString())).toBeUndefined()
        expect(parseEip155ChainId(Number(id))).toBeUndefined()
        expect(wellFormedCaipNetworkId(`eip155:${id.toString()}`)).toBeUndefined()
      }),
    )
  })

  it.each([0, -1, 1.5, Number.NaN, Infinity, '0x', '0x0', '', ' 1', '1e3', '01x', null, undefined, {}])('refuses %j', (value) => {
    expect(parseEip155ChainId(value)).toBeUndefined()
  })

  it('CAIP-2 ids of other families pass when well formed; eip155 ones must be written plainly', () => {
    expect(wellFormedCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(wellFormedCaipNetworkId('eip155:031337')).toBeUndefined()
    expect(wellFormedCaipNetworkId('eip155:0x7a69')).toBeUndefined()
    expect(wellFormedCaipNetworkId('nonsense')).toBeUndefined()
  })
})
