import type { TokenBalance } from '../../../domain/entities'

/** A stable key for a token of the balance list: its contract, or `native`. */
export function tokenKey(token: Pick<TokenBalance, 'address' | 'chainId'>): string {
  return `${token.chainId}|${token.address ?? 'native'}`
}
