/**
 * WalletConnect as one more connector of the connection flow (`WalletConnectors`), so connect,
 * silent reconnect after a reload, wallet events, disconnect and `getProvider` go through the same
 * use cases as browser wallets. The adapter (and with it the SDK) is created through `create`, a
 * dynamic import in the composition root (src/composition): nothing of WalletConnect is in the page's initial JS.
 */
import { BehaviorSubject, Subject, type Observable, type Subscription } from 'rxjs'
import type { Connector } from '../../../domain/entities'
import type { Logger } from '../../../ports/logger'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import { UnknownConnectorError, WalletRequestError, type WalletAccount, type WalletEvent } from '../../../ports/chain-family'
import { type WalletConnectPairingInfo, type WalletConnectPairings } from '../../../ports/wallet-connectors'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../domain/connection/connectors'
import type { ConnectorSource } from '../../chains/connector-source'
import type { UniversalProviderWalletConnect, WalletConnectPairingAttempt, WalletConnectSession } from './universal-provider-wallet-connect'

/** What this class needs of the adapter (the adapter itself, or a test double). */
export type WalletConnectAdapter = Pick<
  UniversalProviderWalletConnect,
  'connect' | 'restore' | 'disconnect' | 'preconnect' | 'getProvider' | 'events$' | 'close' | 'accountsIn' | 'requestIn'
>

export interface WalletConnectConnectorsOptions {
  /**
   * Reuse a running attempt's unexpired pairing when connecting again (Safari on iOS, Telegram:
   * the URI prepared before the tap is the one the wallet's link carries).
   */
  readonly reusePairing?: boolean
}

export const WALLETCONNECT_CONNECTOR: Connector = {
  id: WALLETCONNECT_CONNECTOR_ID,
  name: 'WalletConnect',
  type: 'EXTERNAL',
  chain: 'eip155',
}

export class WalletConnectConnectors implements ConnectorSource<Eip1193Provider>, WalletConnectPairings {
  private readonly list = new BehaviorSubject<readonly Connector[]>([])
  readonly connectors$: Observable<readonly Connector[]> = this.list.asObservable()
  private readonly pairingSubject = new BehaviorSubject<WalletConnectPairingInfo | null>(null)
  readonly pairing$: Observable<WalletConnectPairingInfo | null> = this.pairingSubject.asObservable()
  private readonly eventsSubject = new Subject<WalletEvent>()
  readonly events$: Observable<WalletEvent> = this.eventsSubject.asObservable()
  private adapterPromise: Promise<WalletConnectAdapter> | undefined
  private adapter: WalletConnectAdapter | undefined
  private attempt: WalletConnectPairingAttempt | undefined
  private warming: Promise<void> | undefined
  private closed = false

  constructor(
    private readonly create: () => Promise<WalletConnectAdapter>,
    private readonly logger: Logger,
    private readonly options: WalletConnectConnectorsOptions = {},
  ) {}

  get pairing(): WalletConnectPairingInfo | null {
    return this.pairingSubject.value
  }

  get connectors(): readonly Connector[] {
    return this.list.value
  }

  startDiscovery(): void {
    if (this.list.value.length === 0) this.list.next([WALLETCONNECT_CONNECTOR])
  }

  private load(): Promise<WalletConnectAdapter> {
    this.adapterPromise ??= this.create().then(
      (adapter) => {
        this.adapter = adapter
        adapter.events$.subscribe((event) => {
          // sessionDeleted is followed by a disconnect event, which is what the flow follows.
          if (event.type !== 'sessionDeleted') this.eventsSubject.next(event)
        })
        return adapter
      },
      (error: unknown) => {
        this.adapterPromise = undefined
        throw error
      },
    )
    return this.adapterPromise
  }

  /** The adapter (loading the SDK), for the session's other namespaces (walletconnect-solana-wallet.ts). */
  loadAdapter(): Promise<WalletConnectAdapter> {
    return this.load()
  }

  /** One warm-up at a time (the Connect view asks on every pointer move over the row). */
  preconnect(): Promise<void> {
    this.warming ??= this.load()
      .then((adapter) => (this.closed ? undefined : adapter.preconnect()))
      .catch((error: unknown) => this.logger.warn('Walletgate: WalletConnect could not be loaded', error))
      .finally(() => (this.warming = undefined))
    return this.warming
  }

  async connect(connectorId: string): Promise<WalletAccount> {
    if (connectorId !== WALLETCONNECT_CONNECTOR_ID) throw new UnknownConnectorError(connectorId)
    let adapter: WalletConnectAdapter
    try {
      adapter = await this.load()
    } catch (error) {
      throw new WalletRequestError('failed', 'WalletConnect could not be loaded', { cause: error })
    }
    // UniversalProvider would open a second session beside a first one.
    if (adapter.getProvider() !== undefined && (await adapter.restore()) !== null) await adapter.disconnect()
    if (this.closed) throw new WalletRequestError('failed', 'WalletConnect was closed')
    const attempt = adapter.connect({ reuse: this.options.reusePairing === true })
    this.attempt = attempt
    const following: Subscription = attempt.pairing$.subscribe((p) => {
      if (this.attempt === attempt) this.pairingSubject.next({ uri: p.uri, expiresAtMs: p.expiresAtMs })
    })
    try {
      return toAccount(await attempt.session)
    } finally {
      following.unsubscribe()
      if (this.attempt === attempt) {
        this.attempt = undefined
        this.pairingSubject.next(null)
      }
    }
  }

  cancel(): void {
    this.attempt?.cancel()
  }

  async close(): Promise<void> {
    this.closed = true
    const loading = this.adapterPromise
    if (loading === undefined) return
    try {
      // A warm-up still opening the relay link finishes first, so the close is the last word.
      await this.warming
      await (await loading).close()
    } catch (error) {
      this.logger.warn('Walletgate: WalletConnect could not be closed', error)
    }
    this.pairingSubject.next(null)
  }

  async reconnect(connectorId: string): Promise<WalletAccount | null> {
    if (connectorId !== WALLETCONNECT_CONNECTOR_ID) return null
    try {
      const session = await (await this.load()).restore()
      return session === null || session.addresses.length === 0 ? null : toAccount(session)
    } catch (error) {
      this.logger.warn('Walletgate: the WalletConnect session could not be restored', error)
      return null
    }
  }

  async disconnect(connectorId: string): Promise<void> {
    if (connectorId !== WALLETCONNECT_CONNECTOR_ID) return
    this.attempt?.cancel()
    await this.adapter?.disconnect()
  }

  getProvider(connectorId: string): Eip1193Provider | undefined {
    if (connectorId !== WALLETCONNECT_CONNECTOR_ID) return undefined
    return this.adapter?.getProvider()
  }
}

function toAccount(session: WalletConnectSession): WalletAccount {
  return {
    connectorId: WALLETCONNECT_CONNECTOR_ID,
    namespace: session.namespace,
    addresses: session.addresses,
    caipNetworkId: session.caipNetworkId,
    approvedCaipNetworkIds: session.approvedNetworks,
  }
}
