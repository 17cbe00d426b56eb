import { describe, expect, it } from 'vitest'
import { formatUnitsShort } from '../../../../src/domain/format/amount'
import { swapPreviewFigures } from '../../../../src/application/swap/swap-preview-figures'
import type { SwapPreview, SwapTokenRow } from '../../../../src/application/swap/swap-state'
import { APPROVE_GAS_ESTIMATE, SWAP_GAS_ESTIMATE } from '../../../../src/domain/swap/swap-math'

const row = (symbol: string, decimals: number, price: number): SwapTokenRow => ({
  name: symbol,
  symbol,
  address: `eip155:31337:0x${symbol.padEnd(40, '0').slice(0, 40)}`,
  decimals,
  logoUri: '',
  balance: 0n,
  balanceText: '0',
  price,
})
const ETH = row('ETH', 18, 2000)
const DUSD = row('dUSD', 6, 1)
const gasPrice = 1_000_000_000n

function preview(overrides: Partial<SwapPreview> = {}): SwapPreview {
  return {
    from: DUSD,
    to: ETH,
    amountText: '1234.5',
    quote: {
      fromAmount: 1_234_500_000n,
      toAmount: 617_123_456_789_012_345n,
      minimum: 610_952_222_221_012_222n,
      toAmountText: '0.617123456789012345',
      minimumText: '0.610952222221012222',
      priceImpact: 0.01,
      fee: gasPrice * SWAP_GAS_ESTIMATE,
      feeText: '0.0002 ETH',
    },
    needsApproval: false,
    native: ETH,
    ...overrides,
  }
}

describe('formatUnitsShort (a quoted amount on a review line)', () => {
  it('cuts the fraction to 6 digits without rounding up, and keeps 4 significant digits of a tiny amount', () => {
    expect(formatUnitsShort(617_123_456_789_012_345n, 18)).toBe('0.617123')
    expect(formatUnitsShort(1_234_500_000n, 6)).toBe('1234.5')
    expect(formatUnitsShort(999_999_999_999n, 18)).toBe('0.0000009999')
    expect(formatUnitsShort(12_345n, 18)).toBe('0.00000000000001234')
    expect(formatUnitsShort(5n * 10n ** 18n, 18)).toBe('5')
    expect(formatUnitsShort(0n, 18)).toBe('0')
  })
})

describe('swapPreviewFigures', () => {
  it('writes the amounts short and their dollar values from the tokens\' prices', () => {
    const figures = swapPreviewFigures(preview())
    expect(figures).toMatchObject({ receive: '0.617123', minimum: '0.610952', payUsd: '1234.50', receiveUsd: '1234.25', feeText: '< 0.001 ETH', feeUsd: '0.40' })
  })

  it('estimates an approval and the swap together, batched or not', () => {
    const alone = swapPreviewFigures(preview()).fee
    const withApproval = swapPreviewFigures(preview({ needsApproval: true })).fee
    expect(alone).toBe(gasPrice * SWAP_GAS_ESTIMATE)
    expect(withApproval).toBe(gasPrice * (SWAP_GAS_ESTIMATE + APPROVE_GAS_ESTIMATE))
    expect(swapPreviewFigures(preview({ needsApproval: true, batch: { atomic: 'supported' } as never })).fee).toBe(withApproval)
  })

  it('gives no dollar value for a token without a price', () => {
    const figures = swapPreviewFigures(preview({ to: row('NEW', 18, 0), native: { ...ETH, price: 0 } }))
    expect(figures.receiveUsd).toBeUndefined()
    expect(figures.feeUsd).toBeUndefined()
    expect(figures.payUsd).toBe('1234.50')
  })
})
