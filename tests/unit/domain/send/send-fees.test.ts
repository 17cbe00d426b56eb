import { describe, expect, it } from 'vitest'
import { MAX_FEE_MARGIN_PERCENT, coversNetworkFee, displayFee, maxNativeAmount } from '../../../../src/domain/send/send-fees'

describe('send fees', () => {
  it('Max of the native token leaves the fee plus a 20% margin', () => {
    expect(MAX_FEE_MARGIN_PERCENT).toBe(20n)
    expect(maxNativeAmount(1_000n, 100n)).toBe(880n)
    expect(maxNativeAmount(100n, 100n)).toBe(0n)
    expect(maxNativeAmount(0n, 1n)).toBe(0n)
  })

  it('the native balance pays the amount and the fee for a native send, the fee alone for a token', () => {
    expect(coversNetworkFee({ sendsNative: true, amount: 90n, fee: 10n, nativeBalance: 100n })).toBe(true)
    expect(coversNetworkFee({ sendsNative: true, amount: 91n, fee: 10n, nativeBalance: 100n })).toBe(false)
    expect(coversNetworkFee({ sendsNative: false, amount: 10_000n, fee: 10n, nativeBalance: 10n })).toBe(true)
    expect(coversNetworkFee({ sendsNative: false, amount: 1n, fee: 11n, nativeBalance: 10n })).toBe(false)
  })

  it('shows a fee with 3 decimals and a tiny fee as "< 0.001"', () => {
    expect(displayFee(2_100_000_000_000_000n, 18)).toBe('0.002')
    expect(displayFee(21_000_000_000_000n, 18)).toBe('< 0.001')
    expect(displayFee(0n, 18)).toBe('0.000')
  })
})
