/**
 * The solana wing. Only Wallet Standard discovery loads with the page (`getWallets()`: the wallets
 * that registered, later ones and removals; see `solanaConnectors` for which are listed), so this
 * class is a thin shell. Everything else loads on a Solana path: connecting, events, the network
 * the site uses with each wallet and signing (wallet-standard-session.ts, with the first connect or
 * reconnect), and transfers (send/web3-solana-transfers.ts, with @solana/web3.js and spl-token).
 */
import { BehaviorSubject, Subject } from 'rxjs'
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { CaipNetwork, CaipNetworkId, Connector } from '../../../domain/entities'
import type { ChainFamily, WalletAccount, WalletEvent } from '../../../ports/chain-family'
import type { Logger } from '../../../ports/logger'
import type { GasEstimate, ReceiptStatus, SentTransfer, TransferRequest } from '../../../ports/token-transfers'
import { solanaConnectors, type WalletRegistry } from './wallet-standard'

export type { WalletRegistry } from './wallet-standard'
import type { SolanaTransfersFactory, WalletStandardSession } from './wallet-standard-session'

type SessionCall<K extends keyof WalletStandardSession> = WalletStandardSession[K] extends (...args: infer A) => infer R
  ? (...args: A) => R
  : never

export class SolanaChainFamily implements ChainFamily {
  readonly namespace = 'solana' as const
  readonly connectors$ = new BehaviorSubject<readonly Connector[]>([])
  readonly events$ = new Subject<WalletEvent>()
  private started = false
  private loading: Promise<WalletStandardSession> | undefined

  /**
   * @param networks the configured Solana networks, the host's default first when it is one.
   * @param registry the Wallet Standard registry; by default the page's, imported when discovery
   *   starts (`@wallet-standard/app` stays out of the page's first scripts).
   * @param transfers transfers over a connector's wallet; web3.js by default, loaded with the first transfer.
   */
  constructor(
    private readonly networks: readonly CaipNetwork[],
    private readonly logger: Logger,
    private readonly registry?: () => WalletRegistry,
    private readonly transfers?: SolanaTransfersFactory,
  ) {}

  get connectors(): readonly Connector[] {
    return this.connectors$.value
  }

  startDiscovery(): void {
    if (this.started || (this.registry === undefined && typeof window === 'undefined')) return
    this.started = true
    const follow = (registry: WalletRegistry) => {
      const refresh = () => this.connectors$.next(solanaConnectors(registry.get()))
      registry.on('register', refresh)
      registry.on('unregister', refresh)
      refresh()
    }
    if (this.registry !== undefined) follow(this.registry())
    else {
      import('./wallet-standard-registry').then(
        (m) => follow(m.pageRegistry()),
        (error: unknown) => {
          // Offline, or a deploy replaced the chunk: the next start tries again.
          this.started = false
          this.logger.warn('Walletgate: Solana wallet discovery could not be loaded', error)
        },
      )
    }
  }

  getProvider(connectorId: string): WalletStandardWallet | undefined {
    return this.connectors.find((c) => c.id === connectorId)?.provider as WalletStandardWallet | undefined
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

  /** Solana wallets have no switch request: the site uses another of the wallet's networks. */
  switchNetwork(connectorId: string, network: CaipNetwork): Promise<void> {
    return this.call('switchNetwork', connectorId, network)
  }

  signMessage(connectorId: string, address: string, message: string): Promise<string> {
    return this.call('signMessage', connectorId, address, message)
  }

  estimateTransfer(connectorId: string, request: TransferRequest): Promise<GasEstimate> {
    return this.call('estimateTransfer', connectorId, request)
  }

  sendTransfer(connectorId: string, request: TransferRequest): Promise<SentTransfer> {
    return this.call('sendTransfer', connectorId, request)
  }

  receiptStatus(connectorId: string, chainId: CaipNetworkId, hash: string): Promise<ReceiptStatus> {
    return this.call('receiptStatus', connectorId, chainId, hash)
  }

  /** One request through the rest of the wing, loaded on the first one (a failed import is tried again next time). */
  private async call<K extends keyof WalletStandardSession>(
    method: K,
    ...args: Parameters<SessionCall<K>>
  ): Promise<Awaited<ReturnType<SessionCall<K>>>> {
    this.loading ??= import('./wallet-standard-session').then(
      (m) => new m.WalletStandardSession((id) => this.getProvider(id), this.networks, this.events$, this.logger, this.transfers),
    )
    this.loading.catch(() => (this.loading = undefined))
    const session = await this.loading
    return (session[method] as (...a: unknown[]) => Promise<Awaited<ReturnType<SessionCall<K>>>>).apply(session, args)
  }
}
