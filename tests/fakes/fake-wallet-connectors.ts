import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import type { CaipNetworkId, Connector } from '../../src/domain/entities'
import {
  UnknownConnectorError,
  WalletRequestError,
  type Eip1193Provider,
  type WalletAccount,
  type WalletConnectors,
  type WalletEvent,
} from '../../src/ports/wallet-connectors'

/**
 * A scriptable {@link WalletConnectors}: `add(connector)` makes a wallet appear; `answerNext(result)`
 * decides what the next `connect` resolves or rejects with (default: the wallet's account);
 * `emit(event)` plays a wallet event. `calls` records every method call.
 */
export class FakeWalletConnectors implements WalletConnectors {
  readonly namespace = 'eip155' as const
  readonly calls: string[] = []
  private readonly list = new BehaviorSubject<readonly Connector[]>([])
  readonly connectors$: Observable<readonly Connector[]> = this.list.asObservable()
  private readonly eventsSubject = new Subject<WalletEvent>()
  readonly events$: Observable<WalletEvent> = this.eventsSubject.asObservable()
  private readonly queued: Array<WalletAccount | Error | Promise<WalletAccount>> = []
  /** What `reconnect` answers per connector id (null: not authorised). */
  readonly authorised = new Map<string, WalletAccount | null>()

  constructor(
    readonly address = '0x1111111111111111111111111111111111111111',
    readonly caipNetworkId: CaipNetworkId = 'eip155:31337',
  ) {}

  get connectors(): readonly Connector[] {
    return this.list.value
  }

  add(connector: Connector): void {
    this.list.next([...this.list.value, connector])
  }

  answerNext(answer: WalletAccount | Error | Promise<WalletAccount>): void {
    this.queued.push(answer)
  }

  rejectNext(code: number, message = 'rejected'): void {
    this.queued.push(new WalletRequestError(code, message))
  }

  emit(event: WalletEvent): void {
    this.eventsSubject.next(event)
  }

  startDiscovery(): void {
    this.calls.push('startDiscovery')
  }

  account(connectorId: string): WalletAccount {
    return { connectorId, namespace: 'eip155', addresses: [this.address], caipNetworkId: this.caipNetworkId }
  }

  async connect(connectorId: string): Promise<WalletAccount> {
    this.calls.push(`connect:${connectorId}`)
    if (!this.connectors.some((c) => c.id === connectorId)) throw new UnknownConnectorError(connectorId)
    const next = this.queued.shift()
    if (next instanceof Error) throw next
    return next ?? this.account(connectorId)
  }

  async reconnect(connectorId: string): Promise<WalletAccount | null> {
    this.calls.push(`reconnect:${connectorId}`)
    return this.authorised.get(connectorId) ?? null
  }

  async disconnect(connectorId: string): Promise<void> {
    this.calls.push(`disconnect:${connectorId}`)
  }

  getProvider(connectorId: string): Eip1193Provider | undefined {
    return this.connectors.find((c) => c.id === connectorId)?.provider as Eip1193Provider | undefined
  }
}

/** An announced browser wallet connector. */
export function anAnnouncedConnector(rdns = 'dev.walletgate.devnet', name = 'Devnet Wallet'): Connector {
  return {
    id: rdns,
    name,
    type: 'ANNOUNCED',
    chain: 'eip155',
    imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
    info: { rdns },
    provider: { request: async () => null },
  }
}
