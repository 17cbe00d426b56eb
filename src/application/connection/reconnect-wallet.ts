import { filter, firstValueFrom, map, of, take, timeout, catchError, type SchedulerLike } from 'rxjs'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'
import type { WalletConnectors } from '../../ports/wallet-connectors'
import type { ConnectionStore } from '../connection-store'
import { connectedState } from './connected-state'
import type { EventReporter } from './report-event'
import { LAST_CONNECTOR_KEY } from './storage-keys'

/** How long a reload waits for the remembered wallet to announce itself (Walletgate's choice). */
export const RECONNECT_DISCOVERY_WAIT_MS = 3_000

/**
 * Reconnects silently after a reload: waits for the last connector to be discovered, then asks it
 * for its authorised accounts without a prompt (eip155 `eth_accounts`). A wallet that no longer
 * knows the site makes the modal forget the connector.
 */
export class ReconnectWallet {
  constructor(
    private readonly wallets: WalletConnectors,
    private readonly connection: ConnectionStore,
    private readonly storage: KeyValueStorage,
    private readonly scheduler: SchedulerLike,
    private readonly events: EventReporter,
    private readonly logger: Logger,
  ) {}

  /** Resolves true when the session was restored. Never rejects. */
  async reconnect(): Promise<boolean> {
    const connectorId = this.storage.get(LAST_CONNECTOR_KEY)
    if (connectorId === null || this.connection.snapshot.status !== 'disconnected') return false
    const found = await firstValueFrom(
      this.wallets.connectors$.pipe(
        map((list) => list.some((c) => c.id === connectorId)),
        filter(Boolean),
        take(1),
        timeout({ first: RECONNECT_DISCOVERY_WAIT_MS, scheduler: this.scheduler }),
        catchError(() => of(false)),
      ),
    )
    if (!found) {
      this.logger.warn(`Walletgate: the last wallet (${connectorId}) was not found; not reconnecting`)
      return false
    }
    if (this.connection.snapshot.status !== 'disconnected') return false
    const account = await this.wallets.reconnect(connectorId)
    const address = account?.addresses[0]
    if (account === null || address === undefined) {
      this.storage.remove(LAST_CONNECTOR_KEY)
      return false
    }
    if (this.connection.snapshot.status !== 'disconnected') return false
    this.connection.set(connectedState(account, address))
    this.events.report('CONNECT_SUCCESS', { method: 'reconnect', connectorId }, address)
    return true
  }
}
