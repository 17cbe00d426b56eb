/**
 * The Tokens tab's order: the native token first, then by fiat value, largest first;
 * tokens with 0 decimals are dropped (spec section 5, domain `dropLowQualityBalances`). The
 * domain has no ordering rule for this list yet, so it lives here.
 */
import { dropLowQualityBalances, isNativeToken } from '../../domain/balances/token-balances'
import type { TokenBalance } from '../../domain/entities'

export function orderTokenBalances(balances: readonly TokenBalance[]): TokenBalance[] {
  return dropLowQualityBalances(balances)
    .map((balance, index) => ({ balance, index }))
    .sort((a, b) => {
      const nativeA = isNativeToken(a.balance)
      const nativeB = isNativeToken(b.balance)
      if (nativeA !== nativeB) return nativeA ? -1 : 1
      if (b.balance.value !== a.balance.value) return b.balance.value - a.balance.value
      return a.index - b.index
    })
    .map(({ balance }) => balance)
}
