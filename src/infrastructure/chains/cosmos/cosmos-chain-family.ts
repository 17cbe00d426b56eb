/**
 * The cosmos wing. Only discovery loads with the page (the Keplr-style globals, read again while
 * the page loads); everything else loads on a Cosmos path with the first request: enabling a
 * chain, its key, following key changes and ADR-036 signing (cosmos-session.ts, with bech32
 * checks from @cosmjs/encoding). Cosmos has no balances or transfers here (spec section 9).
 */
import { BehaviorSubject, Subject } from 'rxjs'
import type { CaipNetwork, CaipNetworkId, Connector } from '../../../domain/entities'
import { boundWalletName } from '../../../domain/validation/text-bounds'
import type { ChainFamily, WalletAccount, WalletEvent } from '../../../ports/chain-family'
import type { Logger } from '../../../ports/logger'
import { UnsupportedTransferChainError, type GasEstimate, type ReceiptStatus, type SentTransfer, type TransferRequest } from '../../../ports/token-transfers'
import { watchInjected } from '../injected-globals'
import { KEPLR_GLOBALS, type Keplr } from './keplr'
import type { CosmosSession } from './cosmos-session'

type SessionCall<K extends keyof CosmosSession> = CosmosSession[K] extends (...args: infer A) => infer R ? (...args: A) => R : never

export class CosmosChainFamily implements ChainFamily {
  readonly namespace = 'cosmos' as const
  readonly connectors$ = new BehaviorSubject<readonly Connector[]>([])
  readonly events$ = new Subject<WalletEvent>()
  private started = false
  private loading: Promise<CosmosSession> | undefined

  /**
   * @param networks the configured cosmos networks, the host's default first when it is one.
   * @param page where the wallets' globals are; by default `window`, read again while the page loads.
   * @param keystore where the wallets fire their key-change event; by default `window`.
   */
  constructor(
    private readonly networks: readonly CaipNetwork[],
    private readonly logger: Logger,
    private readonly page?: () => Readonly<Record<string, unknown>>,
    private readonly keystore?: EventTarget,
  ) {}

  get connectors(): readonly Connector[] {
    return this.connectors$.value
  }

  startDiscovery(): void {
    if (this.started || (this.page === undefined && typeof window === 'undefined')) return
    this.started = true
    const read = () => {
      const list = cosmosConnectors(this.page?.() ?? (window as unknown as Record<string, unknown>))
      if (list.map((c) => c.id).join() !== this.connectors.map((c) => c.id).join()) this.connectors$.next(list)
    }
    if (this.page === undefined) watchInjected(read)
    else read()
  }

  getProvider(connectorId: string): Keplr | undefined {
    return this.connectors.find((c) => c.id === connectorId)?.provider as Keplr | undefined
  }

  connect(connectorId: string): Promise<WalletAccount> {
    return this.call('connect', connectorId)
  }

  reconnect(connectorId: string): Promise<WalletAccount | null> {
    return this.call('reconnect', connectorId)
  }

  disconnect(connectorId: string): Promise<void> {
    return this.call('disconnect', connectorId)
  }

  switchNetwork(connectorId: string, network: CaipNetwork): Promise<void> {
    return this.call('switchNetwork', connectorId, network)
  }

  signMessage(connectorId: string, address: string, message: string): Promise<string> {
    return this.call('signMessage', connectorId, address, message)
  }

  estimateTransfer(_connectorId: string, request: TransferRequest): Promise<GasEstimate> {
    return Promise.reject(new UnsupportedTransferChainError(request.chainId))
  }

  sendTransfer(_connectorId: string, request: TransferRequest): Promise<SentTransfer> {
    return Promise.reject(new UnsupportedTransferChainError(request.chainId))
  }

  receiptStatus(_connectorId: string, chainId: CaipNetworkId): Promise<ReceiptStatus> {
    return Promise.reject(new UnsupportedTransferChainError(chainId))
  }

  /** One request through the rest of the wing, loaded on the first one (a failed import is tried again next time). */
  private async call<K extends keyof CosmosSession>(method: K, ...args: Parameters<SessionCall<K>>): Promise<Awaited<ReturnType<SessionCall<K>>>> {
    this.loading ??= import('./cosmos-session').then(
      (m) => new m.CosmosSession((id) => this.getProvider(id), this.networks, this.events$, this.logger, this.keystore ?? window),
    )
    this.loading.catch(() => (this.loading = undefined))
    const session = await this.loading
    return (session[method] as (...a: unknown[]) => Promise<Awaited<ReturnType<SessionCall<K>>>>).apply(session, args)
  }
}

/** One connector per Keplr-style global with the calls the wing needs. A hostile global (a getter that throws) is left out. */
export function cosmosConnectors(page: Readonly<Record<string, unknown>>): Connector[] {
  const list: Connector[] = []
  for (const [key, known] of KEPLR_GLOBALS) {
    try {
      const wallet = page[key] as Partial<Keplr> | undefined
      if (typeof wallet?.enable !== 'function' || typeof wallet.getKey !== 'function') continue
      const name = typeof wallet.name === 'string' && wallet.name.trim() !== '' ? wallet.name : known
      list.push({ id: key, name: boundWalletName(name), type: 'INJECTED', chain: 'cosmos', provider: wallet })
    } catch {
      // left out
    }
  }
  return list
}
