import { describe, expect, it } from 'vitest'
import { placeholderQuote } from '../../../../src/domain/on-ramp/on-ramp-fallbacks'
import { onRampTotalBuying, quoteFigures, quoteOnRampPurchase, type OnRampFeeSchedule } from '../../../../src/domain/on-ramp/on-ramp-fees'
import { ONRAMP_PROVIDERS } from '../../../../src/domain/feature-constants'

/** 1.5 % of the total to the provider and 0.50 to the network. */
const SCHEDULE: OnRampFeeSchedule = { providerFeeBps: 150, networkFeeCents: 50 }
const dUSD = { purchaseCurrency: 'dUSD', price: 1, decimals: 6 }
const ETH = { purchaseCurrency: 'ETH', price: 2500, decimals: 18 }

const cents = (amount: string) => Math.round(Number(amount) * 100)

describe('the on-ramp fee model', () => {
  it('takes the fees out of the amount paid: 50 USD buys 48.75 dUSD, 0.75 to the provider, 0.50 to the network', () => {
    expect(quoteOnRampPurchase({ total: '50', paymentCurrency: 'USD', ...dUSD }, SCHEDULE, 'q-1')).toEqual({
      coinbaseFee: { amount: '0.75', currency: 'USD' },
      networkFee: { amount: '0.50', currency: 'USD' },
      paymentSubtotal: { amount: '48.75', currency: 'USD' },
      paymentTotal: { amount: '50.00', currency: 'USD' },
      purchaseAmount: { amount: '48.75', currency: 'dUSD' },
      quoteId: 'q-1',
    })
    expect(quoteOnRampPurchase({ total: '50', paymentCurrency: 'EUR', ...ETH }, SCHEDULE, 'q-2')?.purchaseAmount).toEqual({ amount: '0.0195', currency: 'ETH' })
  })

  it('always adds up: total = subtotal + provider fee + network fee, and the subtotal buys the amount at the price', () => {
    for (let c = 1000; c <= 25_000_00; c = Math.round(c * 1.37) + 1) {
      const total = (c / 100).toFixed(2)
      const quote = quoteOnRampPurchase({ total, paymentCurrency: 'USD', ...dUSD }, SCHEDULE, 'q')!
      expect(cents(quote.paymentTotal.amount)).toBe(c)
      expect(cents(quote.paymentSubtotal.amount) + cents(quote.coinbaseFee.amount) + cents(quote.networkFee.amount)).toBe(c)
      expect(Number(quote.purchaseAmount.amount)).toBe(Number(quote.paymentSubtotal.amount))
      // The provider's share stays what its schedule says, to the cent.
      expect(Math.abs(cents(quote.coinbaseFee.amount) - c * 0.015)).toBeLessThanOrEqual(0.5)
    }
  })

  it('quotes nothing when the fees take the whole amount', () => {
    expect(quoteOnRampPurchase({ total: '0.50', paymentCurrency: 'USD', ...dUSD }, SCHEDULE, 'q')).toBeUndefined()
    expect(quoteOnRampPurchase({ total: 'x', paymentCurrency: 'USD', ...dUSD }, SCHEDULE, 'q')).toBeUndefined()
  })

  it('finds the total that buys a given amount, by the same model', () => {
    const total = onRampTotalBuying({ amount: 0.01, ...ETH }, SCHEDULE)
    const quote = quoteOnRampPurchase({ total, paymentCurrency: 'USD', ...ETH }, SCHEDULE, 'q')!
    expect(Number(quote.purchaseAmount.amount)).toBeGreaterThanOrEqual(0.01)
    const lessByACent = quoteOnRampPurchase({ total: ((cents(total) - 1) / 100).toFixed(2), paymentCurrency: 'USD', ...ETH }, SCHEDULE, 'q')!
    expect(Number(lessByACent.purchaseAmount.amount)).toBeLessThan(0.01)
    expect(onRampTotalBuying({ amount: 48.75, ...dUSD }, SCHEDULE)).toBe('50.00')
  })

  it("shows a quote by its own figures: the provider's share of the total, the network fee, their sum and the total", () => {
    const quote = quoteOnRampPurchase({ total: '50', paymentCurrency: 'USD', ...dUSD }, SCHEDULE, 'q')!
    expect(quoteFigures(quote)).toEqual({
      currency: 'USD',
      total: '50.00',
      subtotal: '48.75',
      providerFee: '0.75',
      providerFeePercent: '1.5',
      networkFee: '0.50',
      fees: '1.25',
      purchase: { amount: '48.75', currency: 'dUSD' },
    })
    expect(quoteFigures(quoteOnRampPurchase({ total: '33.33', paymentCurrency: 'USD', ...dUSD }, SCHEDULE, 'q')!)).toMatchObject({
      providerFee: '0.50',
      providerFeePercent: '1.5',
      fees: '1.00',
      total: '33.33',
    })
  })

  it('shows a placeholder quote with no fees and the amount entered as its total', () => {
    expect(quoteFigures(placeholderQuote({ amount: '20', paymentCurrency: 'USD', purchaseCurrency: 'dUSD' }))).toEqual({
      currency: 'USD',
      total: '20.00',
      subtotal: '20.00',
      providerFee: '0.00',
      providerFeePercent: '0',
      networkFee: '0.00',
      fees: '0.00',
      purchase: { amount: '20', currency: 'dUSD' },
    })
  })

  it("keeps the devnet's example schedule within the fee range every provider advertises", () => {
    for (const provider of ONRAMP_PROVIDERS) {
      const [low, high] = /^(\d+(?:\.\d+)?)-(\d+(?:\.\d+)?)%$/.exec(provider.feeRange)!.slice(1).map(Number) as [number, number]
      expect(SCHEDULE.providerFeeBps / 100).toBeGreaterThanOrEqual(low)
      expect(SCHEDULE.providerFeeBps / 100).toBeLessThanOrEqual(high)
    }
  })
})
