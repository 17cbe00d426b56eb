import type { TokenBalance } from '../entities'

/** The history's filter for "every token". */
export const ALL_TOKENS = 'all'

/**
 * How the history call names a held token (its `token` filter): `native` for the network's own coin
 * (a balance without a contract), else the contract as its network writes it, the address part of
 * its CAIP-10 address. Undefined for a balance of another network than `caipNetworkId`, whose
 * history the filter cannot ask for.
 */
export function historyTokenOf(balance: Pick<TokenBalance, 'address' | 'chainId'>, caipNetworkId: string): string | undefined {
  if (balance.chainId !== caipNetworkId) return undefined
  if (balance.address === undefined || balance.address === '') return 'native'
  const parts = balance.address.split(':')
  const contract = parts[parts.length - 1] ?? ''
  // A CAIP-10 address of another network than the balance's is not one this chain's filter names.
  if (parts.length === 3 && `${parts[0]}:${parts[1]}` !== caipNetworkId) return undefined
  return contract === '' ? undefined : contract
}
