/**
 * Token balance rules: balances with 0 decimals are dropped as low quality (spec section 5);
 * amounts are read from the wire's decimal strings as exact base units.
 */
import type { TokenBalance } from '../entities'
import { parseDecimalString, rescaleTruncate } from '../format/decimal'

export function tokenDecimals(balance: Pick<TokenBalance, 'quantity'>): number {
  return Number(balance.quantity.decimals)
}

/** Drops balances whose token reports 0 (or unreadable) decimals. */
export function dropLowQualityBalances(balances: readonly TokenBalance[]): TokenBalance[] {
  return balances.filter((b) => {
    const decimals = tokenDecimals(b)
    return Number.isSafeInteger(decimals) && decimals > 0
  })
}

/** The holding in base units (extra decimals beyond the token's are truncated); 0n if unreadable. */
export function tokenBalanceUnits(balance: Pick<TokenBalance, 'quantity'>): bigint {
  const decimals = tokenDecimals(balance)
  const d = parseDecimalString(balance.quantity.numeric)
  if (!d || !Number.isSafeInteger(decimals) || decimals < 0) return 0n
  return rescaleTruncate(d, decimals).units
}

/** Whether the service knows the token's price: 0 stands for none, shown as no fiat value (spec section 5). */
export function hasKnownPrice(balance: Pick<TokenBalance, 'price'>): boolean {
  return balance.price > 0
}

/** True for the native token (no contract address). */
export function isNativeToken(balance: Pick<TokenBalance, 'address'>): boolean {
  return balance.address === undefined || balance.address === ''
}
