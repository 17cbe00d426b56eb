import type { NamespaceAccounts } from './application/connection-store'
import type { ChainNamespace } from './domain/entities'
import type { NamespaceConnectionState, WalletModalState } from './wallet-modal-types'

/** The public view of every connected namespace's account, keyed by namespace. */
export function namespaceStatesOf(accounts: NamespaceAccounts): WalletModalState['namespaces'] {
  const states: Partial<Record<ChainNamespace, NamespaceConnectionState>> = {}
  for (const [namespace, account] of Object.entries(accounts) as [ChainNamespace, NonNullable<NamespaceAccounts[ChainNamespace]>][]) {
    states[namespace] = {
      status: 'connected',
      address: account.address,
      caipAddress: account.caipAddress,
      caipNetworkId: account.caipNetworkId,
      connectorId: account.connectorId,
      accountType: account.accountType ?? 'eoa',
    }
  }
  return states
}

/** Two states with the same value in every field (the host's state is handed out again unchanged). */
export function shallowEqual(a: WalletModalState, b: WalletModalState): boolean {
  const keys = Object.keys(a) as (keyof WalletModalState)[]
  return keys.every((key) => a[key] === b[key])
}
