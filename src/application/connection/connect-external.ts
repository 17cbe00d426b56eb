import { BehaviorSubject, type Observable } from 'rxjs'
import type { ConnectPath, ConnectionPlatform } from '../../domain/connection/connection-status'
import { chainsOf, WALLETCONNECT_CONNECTOR_ID } from '../../domain/connection/connectors'
import type { ChainNamespace, Connector } from '../../domain/entities'
import type { ViewName } from '../../domain/navigation/views'
import { ChainRequiredForConnectionClientError } from '../../domain/connection/connection-errors'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'
import { UnknownConnectorError, WalletRequestError, type ChainFamily, type WalletAccount } from '../../ports/chain-family'
import type { ConnectionStore } from '../connection-store'
import type { ModalStore } from '../modal-store'
import { connectedAccount } from './connected-state'
import type { RecentWallets } from './recent-wallets'
import type { EventReporter } from './report-event'
import { rememberConnector } from './storage-keys'
import type { WalletDirectory } from './wallet-directory'

/** The ConnectingExternal view's state. */
export type ConnectExternalState =
  | { readonly status: 'idle' }
  | { readonly status: 'connecting'; readonly connector: Connector }
  /** A request is already waiting in the wallet. */
  | { readonly status: 'pending'; readonly connector: Connector }
  /** The person declined. */
  | { readonly status: 'declined'; readonly connector: Connector }
  | { readonly status: 'error'; readonly connector: Connector; readonly error: Error }
  | { readonly status: 'connected'; readonly connector: Connector }

export interface ConnectExternalDeps {
  readonly wallets: WalletDirectory
  readonly connection: ConnectionStore
  readonly modal: ModalStore
  readonly recent: RecentWallets
  readonly storage: KeyValueStorage
  readonly events: EventReporter
  readonly logger: Logger
  /** The platform's quirks at connect time; none when left out. */
  readonly platform?: () => ConnectionPlatform
}

/**
 * Connects a wallet (spec: ConnectingExternal carries the chosen connector) in every chain family
 * it offers that the host configured (only the requested one when the modal was opened for a
 * namespace). Shows ConnectingExternal, asks the wallet family by family, and on success stores
 * each namespace's account, remembers the wallet (recent wallets, the last connector per
 * namespace for a silent reconnect) and closes the modal. The status goes through the domain's
 * connection status machine. Expected failures (declined, already pending) are warnings and
 * analytics events, never console errors.
 */
export class ConnectExternal {
  private readonly subject = new BehaviorSubject<ConnectExternalState>({ status: 'idle' })
  readonly state$: Observable<ConnectExternalState> = this.subject.asObservable()
  private attempt = 0
  /** The view showing the attempt (WalletConnect has its own, with the QR). */
  private view: ViewName = 'ConnectingExternal'

  constructor(private readonly deps: ConnectExternalDeps) {}

  get snapshot(): ConnectExternalState {
    return this.subject.value
  }

  /** Starts connecting `connectorId`; resolves when the attempt ended (never rejects). */
  async connect(connectorId: string, view: ViewName = 'ConnectingExternal'): Promise<void> {
    const connector = this.deps.wallets.connector(connectorId)
    if (connector === undefined) {
      this.deps.logger.warn('Walletgate: connect to an unknown wallet', new UnknownConnectorError(connectorId))
      return
    }
    const families = this.familiesFor(connector)
    const attempt = ++this.attempt
    this.subject.next({ status: 'connecting', connector })
    this.view = view
    this.deps.modal.push(view)
    const path = connectPath(connector)
    this.deps.connection.dispatch({ type: 'CONNECT_REQUESTED', path, platform: this.deps.platform?.() ?? { isSafariIos: false, isTelegram: false } }, connectorId)
    this.deps.events.report('SELECT_WALLET', { name: connector.name, rdns: connector.info?.rdns, platform: 'browser' })
    try {
      const accounts = await this.connectFamilies(connectorId, families, () => attempt !== this.attempt)
      if (attempt !== this.attempt) return
      this.deps.connection.dispatch({ type: path === 'walletConnect' ? 'PAIRING_COMPLETED' : 'CONNECT_RESOLVED' })
      await this.replacePreviousConnectors(connectorId, accounts)
      const active = this.activeNamespace(accounts)
      for (const account of accounts) {
        // The family's own connector type (AUTH, EXTERNAL, ...), not the joined row's MULTI_CHAIN.
        const type = this.deps.wallets.family(account.namespace)?.connectors.find((c) => c.id === connectorId)?.type ?? connector.type
        this.deps.connection.upsert(connectedAccount(account, type), { activate: account.namespace === active })
        rememberConnector(this.deps.storage, account.namespace, connectorId)
      }
      this.deps.recent.add({ id: connector.id, name: connector.name, ...(connector.info?.rdns ? { rdns: connector.info.rdns } : {}) })
      this.subject.next({ status: 'connected', connector })
      const address = this.deps.connection.account(active)?.address
      this.deps.events.report('CONNECT_SUCCESS', { method: 'browser', name: connector.name, namespaces: accounts.map((a) => a.namespace) }, address)
      this.deps.modal.close()
    } catch (error) {
      if (attempt !== this.attempt) return
      this.deps.connection.dispatch({ type: 'CONNECT_FAILED' })
      const failure = error instanceof Error ? error : new Error(String(error))
      if (failure instanceof WalletRequestError && failure.isUserRejection) {
        this.subject.next({ status: 'declined', connector })
      } else if (failure instanceof WalletRequestError && failure.isAlreadyPending) {
        this.subject.next({ status: 'pending', connector })
      } else {
        this.subject.next({ status: 'error', connector, error: failure })
      }
      this.deps.logger.warn(`Walletgate: connecting ${connector.name} failed`, failure)
      this.deps.events.report('CONNECT_ERROR', {
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
    this.deps.modal.replace(this.view)
    return this.connect(state.connector.id, this.view)
  }

  /** Shows the running attempt in another view (ConnectingWalletConnectBasic -> the chosen wallet's view). */
  show(view: ViewName): void {
    this.view = view
    this.deps.modal.push(view)
  }

  /** Forgets an attempt the person walked away from (back button). */
  cancel(): void {
    this.attempt++
    this.deps.connection.dispatch({ type: 'CONNECT_FAILED' })
    this.subject.next({ status: 'idle' })
  }

  /** The families to connect: those the connector offers, narrowed to the namespace the modal was opened for. */
  private familiesFor(connector: Connector): ChainFamily[] {
    const only = this.deps.modal.snapshot.namespace
    return chainsOf(connector)
      .filter((namespace) => only === undefined || namespace === only)
      .map((namespace) => this.deps.wallets.family(namespace))
      .filter((family): family is ChainFamily => family !== undefined)
  }

  /**
   * Asks each family in turn. The first family's failure fails the attempt; a later family's
   * failure leaves the namespaces already connected (the wallet said yes to those) and is a warning.
   */
  private async connectFamilies(connectorId: string, families: readonly ChainFamily[], stale: () => boolean): Promise<WalletAccount[]> {
    // Connectors come from the loaded families, so none is left only when the modal was opened for
    // a chain this wallet does not offer: there is no chain to ask it on.
    if (families.length === 0) throw new ChainRequiredForConnectionClientError()
    const accounts: WalletAccount[] = []
    for (const family of families) {
      if (stale()) break
      try {
        const account = await family.connect(connectorId)
        if (account.addresses.length > 0) accounts.push(account)
      } catch (error) {
        if (accounts.length === 0) throw error
        this.deps.logger.warn(`Walletgate: ${family.namespace} was not connected`, error)
      }
    }
    if (accounts.length === 0) throw new WalletRequestError('failed', 'The wallet returned no account')
    return accounts
  }

  /** A namespace connected through another wallet before: that wallet is let go. */
  private async replacePreviousConnectors(connectorId: string, accounts: readonly WalletAccount[]): Promise<void> {
    for (const account of accounts) {
      const previous = this.deps.connection.account(account.namespace)
      if (previous === undefined || previous.connectorId === connectorId) continue
      await this.deps.wallets.family(account.namespace)?.disconnect(previous.connectorId)
    }
  }

  /** The namespace to make active: the one the modal was opened for, else the active one if connected again, else the first. */
  private activeNamespace(accounts: readonly WalletAccount[]): ChainNamespace {
    const namespaces = accounts.map((a) => a.namespace)
    const requested = this.deps.modal.snapshot.namespace
    if (requested !== undefined && namespaces.includes(requested)) return requested
    const current = this.deps.connection.activeNamespace
    if (current !== undefined && namespaces.includes(current)) return current
    return namespaces[0] as ChainNamespace
  }
}

function connectPath(connector: Connector): ConnectPath {
  if (connector.id === WALLETCONNECT_CONNECTOR_ID) return 'walletConnect'
  if (connector.type === 'AUTH') return 'auth'
  if (connector.type === 'EXTERNAL') return 'external'
  return 'injected'
}
