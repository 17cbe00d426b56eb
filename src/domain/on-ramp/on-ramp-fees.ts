/**
 * The on-ramp's one fee model (spec section 3's Quote), which the service quotes by, its checkout
 * charges by, and the modal shows: the amount a visitor enters is what they pay in all
 * (`paymentTotal`). The provider takes a share of it (`coinbaseFee`), the network a flat fee
 * (`networkFee`), and the rest (`paymentSubtotal`) buys `purchaseAmount` at the price:
 *
 *   paymentTotal = paymentSubtotal + coinbaseFee + networkFee
 *
 * Money is counted in whole cents, so the parts always add up to the total.
 */
import type { Money, Quote } from './on-ramp-types'

/** What a provider charges: the devnet's stand-in providers and the fakes quote by one. */
export interface OnRampFeeSchedule {
  /** The provider's share of the total, in basis points (150: 1.5 %). */
  readonly providerFeeBps: number
  /** The flat network fee, in cents of the payment currency. */
  readonly networkFeeCents: number
}

/** A purchase to quote: what is paid in all, in what, for which currency at which price. */
export interface OnRampPurchase {
  /** The amount paid in all, fees included, as a decimal ("50", "50.25"). */
  readonly total: string
  readonly paymentCurrency: string
  readonly purchaseCurrency: string
  /** What one unit of the purchase currency costs in the payment currency. */
  readonly price: number
  /** The purchase currency's decimals; the amount keeps at most 8 of them. */
  readonly decimals: number
}

/** The quote of `purchase` by `schedule`; undefined when the total is no amount or the fees take all of it. */
export function quoteOnRampPurchase(purchase: OnRampPurchase, schedule: OnRampFeeSchedule, quoteId: string): Quote | undefined {
  const totalCents = centsOf(purchase.total)
  if (totalCents === undefined || !(purchase.price > 0)) return undefined
  const feeCents = Math.round((totalCents * schedule.providerFeeBps) / 10_000)
  const subtotalCents = totalCents - feeCents - schedule.networkFeeCents
  if (subtotalCents <= 0) return undefined
  const money = (c: number): Money => ({ amount: centsText(c), currency: purchase.paymentCurrency })
  return {
    coinbaseFee: money(feeCents),
    networkFee: money(schedule.networkFeeCents),
    paymentSubtotal: money(subtotalCents),
    paymentTotal: money(totalCents),
    purchaseAmount: { amount: plainDecimal(subtotalCents / 100 / purchase.price, Math.min(purchase.decimals, 8)), currency: purchase.purchaseCurrency },
    quoteId,
  }
}

/**
 * The smallest total (a decimal with 2 places) whose quote buys at least `amount` of the purchase
 * currency: for a checkout asked for an amount of crypto rather than of money.
 */
export function onRampTotalBuying(purchase: { readonly amount: number; readonly price: number }, schedule: OnRampFeeSchedule): string {
  const subtotalCents = Math.ceil(Math.round(purchase.amount * purchase.price * 1e6) / 1e4)
  let totalCents = Math.ceil(((subtotalCents + schedule.networkFeeCents) * 10_000) / (10_000 - schedule.providerFeeBps))
  // The fee is rounded to the cent: step back while a cent less still buys as much.
  const subtotalOf = (t: number) => t - Math.round((t * schedule.providerFeeBps) / 10_000) - schedule.networkFeeCents
  while (totalCents > 1 && subtotalOf(totalCents - 1) >= subtotalCents) totalCents -= 1
  while (subtotalOf(totalCents) < subtotalCents) totalCents += 1
  return centsText(totalCents)
}

/** A quote's figures as a visitor reads them: decimals with 2 places in the payment currency. */
export interface QuoteFigures {
  readonly currency: string
  /** What is paid in all. */
  readonly total: string
  /** What buys the crypto. */
  readonly subtotal: string
  readonly providerFee: string
  /** The provider's fee as a percent of the total, up to 2 places ("1.5"). */
  readonly providerFeePercent: string
  readonly networkFee: string
  /** The provider's and the network's fee together. */
  readonly fees: string
  readonly purchase: Money
}

/** The figures of `quote` (a placeholder's: no fees, the amount entered as its total). */
export function quoteFigures(quote: Quote): QuoteFigures {
  const total = centsOf(quote.paymentTotal.amount) ?? 0
  const providerFee = centsOf(quote.coinbaseFee.amount) ?? 0
  const networkFee = centsOf(quote.networkFee.amount) ?? 0
  return {
    currency: quote.paymentTotal.currency,
    total: centsText(total),
    subtotal: centsText(centsOf(quote.paymentSubtotal.amount) ?? 0),
    providerFee: centsText(providerFee),
    providerFeePercent: total === 0 ? '0' : String(Math.round((providerFee * 10_000) / total) / 100),
    networkFee: centsText(networkFee),
    fees: centsText(providerFee + networkFee),
    purchase: { ...quote.purchaseAmount },
  }
}

/** Whole cents of a non-negative decimal ("50", "0.75"); undefined for anything else. */
function centsOf(amount: string): number | undefined {
  const text = amount.trim()
  if (!/^\d+(\.\d*)?$/.test(text)) return undefined
  return Math.round(Number(text) * 100)
}

function centsText(cents: number): string {
  return (cents / 100).toFixed(2)
}

/** `value` rounded to `places`, without trailing zeros ("48.75", "0.0195"). */
function plainDecimal(value: number, places: number): string {
  const fixed = value.toFixed(places)
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed
}
