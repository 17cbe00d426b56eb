/**
 * A chain family whose wallets inject a global object and which only connects and signs (no
 * balances or transfers: polkadot and cosmos, spec section 9). Only discovery loads with the page:
 * `scan` reads the globals now, when the page has loaded and a few times in the first seconds
 * (wallets announce nothing). Everything else is the family's session, loaded with the first
 * request (a failed import is tried again next time). Shared by both wings to keep the page small.
 */
import { BehaviorSubject, Subject } from 'rxjs'
import type { CaipNetwork, CaipNetworkId, ChainNamespace, Connector } from '../../domain/entities'
import type { ChainFamily, WalletAccount, WalletEvent } from '../../ports/chain-family'
import type { GasEstimate, ReceiptStatus, SentTransfer, TransferRequest } from '../../ports/token-transfers'

/** What a wing's session does: the ChainFamily's requests (transfers reject: these families have none). */
export type InjectedSession = Pick<ChainFamily, 'connect' | 'reconnect' | 'disconnect' | 'switchNetwork' | 'signMessage'> & {
  /** Rejects UnsupportedTransferChainError (the error class stays off the page, with the session). */
  noTransfers(chainId: CaipNetworkId): Promise<never>
}

const RESCANS_MS = [250, 1000, 3000] as const

export class InjectedChainFamily<P> implements ChainFamily {
  readonly connectors$ = new BehaviorSubject<readonly Connector[]>([])
  readonly events$ = new Subject<WalletEvent>()
  private started = false
  private loading: Promise<InjectedSession> | undefined

  /**
   * @param scan the family's wallets on the page now.
   * @param load the family's session over these providers and events.
   * @param onPage false when `scan` reads no page (tests): it is read once, with no timers.
   */
  constructor(
    readonly namespace: ChainNamespace,
    private readonly scan: () => Connector[],
    private readonly load: (provider: (connectorId: string) => P | undefined, events: Subject<WalletEvent>) => Promise<InjectedSession>,
    private readonly onPage: boolean,
  ) {}

  get connectors(): readonly Connector[] {
    return this.connectors$.value
  }

  startDiscovery(): void {
    if (this.started || (this.onPage && typeof window === 'undefined')) return
    this.started = true
    const read = () => {
      const list = this.scan()
      if (list.map((c) => c.id).join() !== this.connectors.map((c) => c.id).join()) this.connectors$.next(list)
    }
    read()
    if (!this.onPage) return
    if (document.readyState !== 'complete') window.addEventListener('load', read, { once: true })
    for (const ms of RESCANS_MS) setTimeout(read, ms)
  }

  getProvider(connectorId: string): P | undefined {
    return this.connectors.find((c) => c.id === connectorId)?.provider as P | undefined
  }

  connect(connectorId: string): Promise<WalletAccount> {
    return this.session().then((s) => s.connect(connectorId))
  }

  reconnect(connectorId: string): Promise<WalletAccount | null> {
    return this.session().then((s) => s.reconnect(connectorId))
  }

  disconnect(connectorId: string): Promise<void> {
    return this.session().then((s) => s.disconnect(connectorId))
  }

  switchNetwork(connectorId: string, network: CaipNetwork): Promise<void> {
    return this.session().then((s) => s.switchNetwork(connectorId, network))
  }

  signMessage(connectorId: string, address: string, message: string): Promise<string> {
    return this.session().then((s) => s.signMessage(connectorId, address, message))
  }

  estimateTransfer(_connectorId: string, request: TransferRequest): Promise<GasEstimate> {
    return this.session().then((s) => s.noTransfers(request.chainId))
  }

  sendTransfer(_connectorId: string, request: TransferRequest): Promise<SentTransfer> {
    return this.session().then((s) => s.noTransfers(request.chainId))
  }

  receiptStatus(_connectorId: string, chainId: CaipNetworkId): Promise<ReceiptStatus> {
    return this.session().then((s) => s.noTransfers(chainId))
  }

  private session(): Promise<InjectedSession> {
    this.loading ??= this.load((id) => this.getProvider(id), this.events$)
    this.loading.catch(() => (this.loading = undefined))
    return this.loading
  }
}

