/** Which token a send moves. */
import type { TokenBalance } from '../entities'

/** The plain contract address of a CAIP-10 token address (or the address itself). */
export function contractAddress(token: Pick<TokenBalance, 'address'>): string {
  const address = token.address ?? ''
  const parts = address.split(':')
  return parts[parts.length - 1] ?? address
}

/** The same token of the balance list (a refetch gives new objects with fresh quantities). */
export function sameToken(
  a: Pick<TokenBalance, 'chainId' | 'address' | 'symbol'>,
  b: Pick<TokenBalance, 'chainId' | 'address' | 'symbol'>,
): boolean {
  return (
    a.chainId === b.chainId && (a.address ?? '').toLowerCase() === (b.address ?? '').toLowerCase() && a.symbol === b.symbol
  )
}
