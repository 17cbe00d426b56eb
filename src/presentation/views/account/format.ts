import type { TokenBalance } from '../../../domain/entities'
import type { I18n } from '../../i18n/i18n'
import { balanceText as writeBalance } from '../../i18n/format'

/** "1.500 ETH" ("1,500 ETH" in de): 3 decimals, truncated (spec section 9), in the visitor's writing. */
export function balanceText(token: Pick<TokenBalance, 'quantity' | 'symbol'>, i18n: Pick<I18n, 'locale'>): string {
  return `${writeBalance(i18n, token.quantity.numeric)} ${token.symbol}`
}

/** "+0.012 BTC" / "-0.012 BTC": a change, its sign always shown. */
export function signedBalanceText(token: Pick<TokenBalance, 'quantity' | 'symbol'>, i18n: Pick<I18n, 'locale'>): string {
  const text = balanceText(token, i18n)
  return text.startsWith('-') ? text : `+${text}`
}
