/** Default account type per namespace (spec section 4). */
import { DEFAULT_ACCOUNT_TYPES } from '../constants'
import type { AccountType, ChainNamespace } from '../entities'

/** eip155 smartAccount, solana eoa, polkadot eoa, bip122 payment; other namespaces eoa. */
export function defaultAccountType(namespace: ChainNamespace): AccountType {
  return DEFAULT_ACCOUNT_TYPES[namespace] ?? 'eoa'
}

/** The preferred account type of a namespace: the user's choice, else the default. */
export function preferredAccountType(
  namespace: ChainNamespace,
  preferred: Partial<Record<ChainNamespace, AccountType>> = {},
): AccountType {
  return preferred[namespace] ?? defaultAccountType(namespace)
}
