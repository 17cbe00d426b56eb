/**
 * One source of wallets inside a chain family's wing: the family's browser wallets (EIP-6963,
 * Wallet Standard, ...) or WalletConnect's connector for that namespace. A wing joins its sources
 * into one `ChainFamily`; a source does the connection half of the contract, with the family's own
 * provider type `P`.
 */
import type { ChainFamily } from '../../ports/chain-family'

export interface ConnectorSource<P>
  extends Pick<ChainFamily, 'connectors$' | 'connectors' | 'startDiscovery' | 'connect' | 'reconnect' | 'disconnect' | 'events$'> {
  getProvider(connectorId: string): P | undefined
  /** The family's optional account-type switch, for a source whose wallets have several account types. */
  switchAccountType?: ChainFamily['switchAccountType']
}
