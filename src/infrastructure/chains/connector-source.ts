/**
 * One source of wallets inside a chain family's wing: the family's browser wallets (EIP-6963,
 * Wallet Standard, ...) or WalletConnect's connector for that namespace. A wing joins its sources
 * into one `ChainFamily`; `P` is the family's provider type.
 */
import type { Observable } from 'rxjs'
import type { Connector } from '../../domain/entities'
import type { WalletAccount, WalletEvent } from '../../ports/chain-family'

export interface ConnectorSource<P> {
  readonly connectors$: Observable<readonly Connector[]>
  readonly connectors: readonly Connector[]
  startDiscovery(): void
  connect(connectorId: string): Promise<WalletAccount>
  reconnect(connectorId: string): Promise<WalletAccount | null>
  disconnect(connectorId: string): Promise<void>
  readonly events$: Observable<WalletEvent>
  getProvider(connectorId: string): P | undefined
}
