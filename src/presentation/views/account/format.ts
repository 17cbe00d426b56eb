import type { TokenBalance } from '../../../domain/entities'
import { formatBalanceNumeric, formatFiat } from '../../../domain/format/amount'

/** "1.500 ETH": 3 decimals, truncated (spec section 9). */
export function balanceText(token: Pick<TokenBalance, 'quantity' | 'symbol'>): string {
  return `${formatBalanceNumeric(token.quantity.numeric)} ${token.symbol}`
}

/** "+0.012 BTC" / "-0.012 BTC": a change, its sign always shown. */
export function signedBalanceText(token: Pick<TokenBalance, 'quantity' | 'symbol'>): string {
  const text = balanceText(token)
  return text.startsWith('-') ? text : `+${text}`
}

/**
 * "$3,750.50": 2 decimals, half-up (spec section 9), grouped as the visitor's locale writes numbers
 * (the browser's own, as the send form reads amounts, until a `locale` setting exists).
 */
export function fiatText(value: number, locale: string = new Intl.NumberFormat().resolvedOptions().locale): string {
  return `$${formatFiat(value, locale)}`
}
