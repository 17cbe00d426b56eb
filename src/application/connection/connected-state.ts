import type { ConnectionState } from '../connection-store'
import type { WalletAccount } from '../../ports/wallet-connectors'

/** The connection store's connected state for what a wallet answered. */
export function connectedState(account: WalletAccount, address: string): Extract<ConnectionState, { status: 'connected' }> {
  return {
    status: 'connected',
    connectorId: account.connectorId,
    namespace: account.namespace,
    caipAddress: `${account.caipNetworkId}:${address}`,
    address,
    caipNetworkId: account.caipNetworkId,
  }
}
