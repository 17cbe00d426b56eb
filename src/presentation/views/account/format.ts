import type { TokenBalance } from '../../../domain/entities'
import { formatBalanceNumeric, formatFiat } from '../../../domain/format/amount'

/** "1.500 ETH": 3 decimals, truncated (spec section 9). */
export function balanceText(token: Pick<TokenBalance, 'quantity' | 'symbol'>): string {
  return `${formatBalanceNumeric(token.quantity.numeric)} ${token.symbol}`
}

/** "$3.00": 2 decimals, half-up (spec section 9). */
export function fiatText(value: number): string {
  return `$${formatFiat(value)}`
}
