/**
 * The polkadot wing. Only discovery loads with the page (the keys of `window.injectedWeb3`, read
 * again while the page loads); everything else loads on a Polkadot path with the first request:
 * enabling the extension, accounts, signing and SS58 addresses (polkadot-session.ts, with
 * @polkadot/util-crypto). Polkadot has no balances or transfers here (spec section 9).
 */
import { BehaviorSubject, Subject } from 'rxjs'
import type { CaipNetwork, CaipNetworkId, Connector } from '../../../domain/entities'
import { boundWalletName } from '../../../domain/validation/text-bounds'
import type { ChainFamily, WalletAccount, WalletEvent } from '../../../ports/chain-family'
import type { Logger } from '../../../ports/logger'
import { UnsupportedTransferChainError, type GasEstimate, type ReceiptStatus, type SentTransfer, type TransferRequest } from '../../../ports/token-transfers'
import { watchInjected } from '../injected-globals'
import { extensionName, type InjectedExtension, type InjectedWeb3 } from './injected-web3'
import type { PolkadotSession } from './polkadot-session'

type SessionCall<K extends keyof PolkadotSession> = PolkadotSession[K] extends (...args: infer A) => infer R ? (...args: A) => R : never

export class PolkadotChainFamily implements ChainFamily {
  readonly namespace = 'polkadot' as const
  readonly connectors$ = new BehaviorSubject<readonly Connector[]>([])
  readonly events$ = new Subject<WalletEvent>()
  private started = false
  private loading: Promise<PolkadotSession> | undefined

  /**
   * @param networks the configured polkadot networks, the host's default first when it is one.
   * @param appName the name the extension shows when it asks the person to allow the site.
   * @param page the page's `injectedWeb3`; by default `window.injectedWeb3`, read again while the page loads.
   */
  constructor(
    private readonly networks: readonly CaipNetwork[],
    private readonly logger: Logger,
    private readonly appName: string,
    private readonly page?: () => InjectedWeb3 | undefined,
  ) {}

  get connectors(): readonly Connector[] {
    return this.connectors$.value
  }

  startDiscovery(): void {
    if (this.started || (this.page === undefined && typeof window === 'undefined')) return
    this.started = true
    const read = () => {
      const injected = this.page?.() ?? (window as { injectedWeb3?: InjectedWeb3 }).injectedWeb3
      const list = polkadotConnectors(injected)
      if (list.map((c) => c.id).join() !== this.connectors.map((c) => c.id).join()) this.connectors$.next(list)
    }
    if (this.page === undefined) watchInjected(read)
    else read()
  }

  getProvider(connectorId: string): InjectedExtension | undefined {
    return this.connectors.find((c) => c.id === connectorId)?.provider as InjectedExtension | undefined
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
  private async call<K extends keyof PolkadotSession>(
    method: K,
    ...args: Parameters<SessionCall<K>>
  ): Promise<Awaited<ReturnType<SessionCall<K>>>> {
    this.loading ??= import('./polkadot-session').then(
      (m) => new m.PolkadotSession((id) => this.getProvider(id), this.networks, this.appName, this.events$, this.logger),
    )
    this.loading.catch(() => (this.loading = undefined))
    const session = await this.loading
    return (session[method] as (...a: unknown[]) => Promise<Awaited<ReturnType<SessionCall<K>>>>).apply(session, args)
  }
}

/** One connector per extension with an `enable` function. A hostile entry (a getter that throws) is left out. */
export function polkadotConnectors(injected: InjectedWeb3 | undefined): Connector[] {
  const list: Connector[] = []
  for (const key of Object.keys(injected ?? {})) {
    try {
      const extension = injected?.[key]
      if (typeof extension?.enable !== 'function') continue
      list.push({ id: key, name: boundWalletName(extensionName(key, extension)), type: 'INJECTED', chain: 'polkadot', provider: extension })
    } catch {
      // left out
    }
  }
  return list
}
