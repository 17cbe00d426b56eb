import { describe, expect, it } from 'vitest'
import { nameCoinType } from '../../../../src/domain/names/coin-type'
import { InvalidChainIdError } from '../../../../src/domain/errors'

describe('name coin type', () => {
  it('is (0x80000000 | chainId) >>> 0', () => {
    expect(nameCoinType(1)).toBe(2147483649)
    expect(nameCoinType(10)).toBe(2147483658)
    expect(nameCoinType(31337)).toBe(2147514985)
    expect(nameCoinType(0)).toBe(2147483648)
    expect(nameCoinType(2147483647)).toBe(4294967295)
  })

  it('a chain id of 2147483648 or more is "Invalid chainId"', () => {
    expect(() => nameCoinType(2147483648)).toThrow(InvalidChainIdError)
    expect(() => nameCoinType(2147483648)).toThrow('Invalid chainId')
    expect(() => nameCoinType(-1)).toThrow('Invalid chainId')
    expect(() => nameCoinType(1.5)).toThrow('Invalid chainId')
  })
})
