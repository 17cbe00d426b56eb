import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isNativeSwapToken, maxSwapAmount, minimumReceived, priceImpactPercent, slippageKeeping } from '../../../../src/domain/swap/swap-math'

describe('swap math', () => {
  it('takes 1 % off the quote by default, rounding down', () => {
    expect(minimumReceived(2_486_302_890n)).toBe(2_461_439_861n)
    expect(minimumReceived(99n)).toBe(98n)
    expect(minimumReceived(1000n, 0.5)).toBe(995n)
  })

  it('finds a slippage whose bound on a fresh quote never falls below the previewed minimum', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.bigInt({ min: 0n, max: 10n ** 30n }), (quote, extra) => {
        const previewed = minimumReceived(quote)
        const fresh = previewed + extra
        const slippage = slippageKeeping(previewed, fresh)
        expect(slippage).toBeDefined()
        expect(slippage!).toBeLessThanOrEqual(1)
        expect(minimumReceived(fresh, slippage)).toBeGreaterThanOrEqual(previewed)
      }),
    )
    expect(slippageKeeping(100n, 99n)).toBeUndefined()
    expect(slippageKeeping(99n, 100n)).toBe(1)
    expect(slippageKeeping(2_000n, 2_000n)).toBe(0)
  })

  it('measures the price impact against market prices', () => {
    const impact = priceImpactPercent({ amount: 10n ** 18n, decimals: 18, price: 2500 }, { amount: 2_486_302_890n, decimals: 6, price: 1 })
    expect(impact).toBeCloseTo(0.548, 2)
    expect(priceImpactPercent({ amount: 1n, decimals: 0, price: 0 }, { amount: 1n, decimals: 0, price: 1 })).toBeUndefined()
    expect(priceImpactPercent({ amount: 1n, decimals: 0, price: 1 }, { amount: 2n, decimals: 0, price: 1 })).toBe(0)
  })

  it('keeps the gas when swapping the most of the native coin, never below zero', () => {
    expect(maxSwapAmount(1000n, true, 300n)).toBe(700n)
    expect(maxSwapAmount(100n, true, 300n)).toBe(0n)
    expect(maxSwapAmount(1000n, false, 300n)).toBe(1000n)
    expect(isNativeSwapToken('eip155:1:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')).toBe(true)
    expect(isNativeSwapToken('eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe(false)
  })
})
