import { DisconnectError } from '../../domain/errors'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'
import type { WalletConnectors } from '../../ports/wallet-connectors'
import type { ConnectionStore } from '../connection-store'
import type { ModalStore } from '../modal-store'
import type { EventReporter } from './report-event'
import { LAST_CONNECTOR_KEY } from './storage-keys'

/**
 * Disconnects the wallet (spec section 4): the connection store goes back to disconnected (stores
 * that hold account, network, send or transaction data follow it), the last connector is
 * forgotten so a reload does not reconnect, and the modal shows Connect.
 */
export class DisconnectWallet {
  constructor(
    private readonly wallets: WalletConnectors,
    private readonly connection: ConnectionStore,
    private readonly modal: ModalStore,
    private readonly storage: KeyValueStorage,
    private readonly events: EventReporter,
    private readonly logger: Logger,
  ) {}

  /** @throws DisconnectError ("Failed to disconnect") when the wallet adapter throws. */
  async disconnect(): Promise<void> {
    const current = this.connection.snapshot
    const connectorId = current.status === 'disconnected' ? undefined : current.connectorId
    this.storage.remove(LAST_CONNECTOR_KEY)
    this.connection.set({ status: 'disconnected' })
    this.modal.reset('Connect')
    if (connectorId === undefined) return
    try {
      await this.wallets.disconnect(connectorId)
      this.events.report('DISCONNECT_SUCCESS', { connectorId })
    } catch (error) {
      this.logger.warn('Walletgate: disconnect failed', error)
      this.events.report('DISCONNECT_ERROR', { connectorId, message: String(error) })
      throw new DisconnectError({ cause: error })
    }
  }

  /** The wallet itself ended the session (accountsChanged [] or disconnect): no wallet call. */
  walletEnded(connectorId: string): void {
    const current = this.connection.snapshot
    if (current.status === 'disconnected' || current.connectorId !== connectorId) return
    this.storage.remove(LAST_CONNECTOR_KEY)
    this.connection.set({ status: 'disconnected' })
    this.modal.reset('Connect')
    void this.wallets.disconnect(connectorId)
    this.events.report('DISCONNECT_SUCCESS', { connectorId, initiator: 'wallet' })
  }
}
