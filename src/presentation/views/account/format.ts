import type { TokenBalance } from '../../../domain/entities'
import type { I18n } from '../../i18n/i18n'

/** "1.500 ETH" ("1,500 ETH" in de): 3 decimals, truncated (spec section 9), in the visitor's writing. */
export function balanceText(token: Pick<TokenBalance, 'quantity' | 'symbol'>, i18n: Pick<I18n, 'balance'>): string {
  return `${i18n.balance(token.quantity.numeric)} ${token.symbol}`
}

/** "+0.012 BTC" / "-0.012 BTC": a change, its sign always shown. */
export function signedBalanceText(token: Pick<TokenBalance, 'quantity' | 'symbol'>, i18n: Pick<I18n, 'balance'>): string {
  const text = balanceText(token, i18n)
  return text.startsWith('-') ? text : `+${text}`
}
