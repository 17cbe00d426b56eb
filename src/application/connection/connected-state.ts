import type { ConnectorType } from '../../domain/entities'
import type { WalletAccount } from '../../ports/chain-family'
import type { ConnectedAccount } from '../connection-store'

/** The connection store's account for what a wallet answered (its selected address first). */
export function connectedAccount(account: WalletAccount, connectorType?: ConnectorType): ConnectedAccount {
  const address = account.addresses[0] as string
  return {
    connectorId: account.connectorId,
    namespace: account.namespace,
    caipAddress: `${account.caipNetworkId}:${address}`,
    address,
    caipNetworkId: account.caipNetworkId,
    // A family whose accounts are not plain ones says so (bip122: payment), as a wallet that knows does.
    accountType: account.accountType ?? 'eoa',
    ...(account.accountTypes === undefined || account.accountTypes.length < 2 ? {} : { accountTypes: account.accountTypes }),
    ...(account.accounts === undefined || account.accounts.length < 2 ? {} : { accounts: account.accounts }),
    ...(connectorType === undefined ? {} : { connectorType }),
    ...(account.approvedCaipNetworkIds === undefined ? {} : { approvedCaipNetworkIds: account.approvedCaipNetworkIds }),
  }
}
