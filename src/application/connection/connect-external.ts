import { BehaviorSubject, type Observable } from 'rxjs'
import type { Connector } from '../../domain/entities'
import type { ViewName } from '../../domain/navigation/views'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'
import { UnknownConnectorError, WalletRequestError, type WalletConnectors } from '../../ports/wallet-connectors'
import type { ConnectionStore } from '../connection-store'
import type { ModalStore } from '../modal-store'
import { connectedState } from './connected-state'
import type { RecentWallets } from './recent-wallets'
import type { EventReporter } from './report-event'
import { LAST_CONNECTOR_KEY } from './storage-keys'

/** The ConnectingExternal view's state. */
export type ConnectExternalState =
  | { readonly status: 'idle' }
  | { readonly status: 'connecting'; readonly connector: Connector }
  /** The wallet answered -32002: a request is already waiting in it. */
  | { readonly status: 'pending'; readonly connector: Connector }
  /** The person declined (4001). */
  | { readonly status: 'declined'; readonly connector: Connector }
  | { readonly status: 'error'; readonly connector: Connector; readonly error: Error }
  | { readonly status: 'connected'; readonly connector: Connector }

/**
 * Connects a browser wallet (spec: ConnectingExternal carries the chosen connector). Shows
 * ConnectingExternal, asks the wallet, and on success stores the connection, remembers the wallet
 * (recent wallets and the last connector for a silent reconnect) and closes the modal. Expected
 * failures (declined, already pending) are warnings and analytics events, never console errors.
 */
export class ConnectExternal {
  private readonly subject = new BehaviorSubject<ConnectExternalState>({ status: 'idle' })
  readonly state$: Observable<ConnectExternalState> = this.subject.asObservable()
  private attempt = 0
  /** The view showing the attempt (WalletConnect has its own, with the QR). */
  private view: ViewName = 'ConnectingExternal'

  constructor(
    private readonly wallets: WalletConnectors,
    private readonly connection: ConnectionStore,
    private readonly modal: ModalStore,
    private readonly recent: RecentWallets,
    private readonly storage: KeyValueStorage,
    private readonly events: EventReporter,
    private readonly logger: Logger,
  ) {}

  get snapshot(): ConnectExternalState {
    return this.subject.value
  }

  /** Starts connecting `connectorId`; resolves when the attempt ended (never rejects). */
  async connect(connectorId: string, view: ViewName = 'ConnectingExternal'): Promise<void> {
    const connector = this.wallets.connectors.find((c) => c.id === connectorId)
    if (connector === undefined) {
      this.logger.warn('Walletgate: connect to an unknown wallet', new UnknownConnectorError(connectorId))
      return
    }
    const attempt = ++this.attempt
    this.subject.next({ status: 'connecting', connector })
    this.view = view
    this.modal.push(view)
    const previous = this.connection.snapshot
    if (previous.status !== 'connected') this.connection.set({ status: 'connecting', connectorId })
    this.events.report('SELECT_WALLET', { name: connector.name, rdns: connector.info?.rdns, platform: 'browser' })
    try {
      const account = await this.wallets.connect(connectorId)
      if (attempt !== this.attempt) return
      const address = account.addresses[0] as string
      const previousConnector = previous.status === 'connected' ? previous.connectorId : undefined
      if (previousConnector !== undefined && previousConnector !== connectorId) {
        await this.wallets.disconnect(previousConnector)
      }
      this.connection.set(connectedState(account, address))
      this.storage.set(LAST_CONNECTOR_KEY, connectorId)
      this.recent.add({ id: connector.id, name: connector.name, ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}) })
      this.subject.next({ status: 'connected', connector })
      this.events.report('CONNECT_SUCCESS', { method: 'browser', name: connector.name }, address)
      this.modal.close()
    } catch (error) {
      if (attempt !== this.attempt) return
      this.connection.set(previous.status === 'connected' ? previous : { status: 'disconnected' })
      const failure = error instanceof Error ? error : new Error(String(error))
      if (failure instanceof WalletRequestError && failure.isUserRejection) {
        this.subject.next({ status: 'declined', connector })
      } else if (failure instanceof WalletRequestError && failure.isAlreadyPending) {
        this.subject.next({ status: 'pending', connector })
      } else {
        this.subject.next({ status: 'error', connector, error: failure })
      }
      this.logger.warn(`Walletgate: connecting ${connector.name} failed`, failure)
      this.events.report('CONNECT_ERROR', {
        message: failure.message,
        code: failure instanceof WalletRequestError ? failure.code : undefined,
        name: connector.name,
      })
    }
  }

  /** Tries the last connector again (the "Try again" button). */
  retry(): Promise<void> {
    const state = this.subject.value
    if (state.status === 'idle' || state.status === 'connecting') return Promise.resolve()
    this.modal.replace(this.view)
    return this.connect(state.connector.id, this.view)
  }

  /** Shows the running attempt in another view (ConnectingWalletConnectBasic -> the chosen wallet's view). */
  show(view: ViewName): void {
    this.view = view
    this.modal.push(view)
  }

  /** Forgets an attempt the person walked away from (back button). */
  cancel(): void {
    this.attempt++
    const current = this.connection.snapshot
    if (current.status === 'connecting') this.connection.set({ status: 'disconnected' })
    this.subject.next({ status: 'idle' })
  }
}
