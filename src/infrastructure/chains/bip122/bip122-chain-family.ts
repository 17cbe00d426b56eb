/**
 * The bip122 (Bitcoin) wing. Only this shell loads with the page; discovery (the Wallet Standard
 * registry and `window.btc_providers`, bitcoin-discovery.ts) is imported when discovery starts, and
 * connecting, events and signing (bitcoin-session.ts) with the first connect or reconnect.
 * Transfers are not offered for Bitcoin (spec section 9 lists send for eip155 and solana only).
 */
import { BehaviorSubject, Subject } from 'rxjs'
import type { CaipNetwork, CaipNetworkId, Connector } from '../../../domain/entities'
import type { ChainFamily, WalletAccount, WalletEvent } from '../../../ports/chain-family'
import type { Logger } from '../../../ports/logger'
import { UnsupportedTransferChainError, type GasEstimate, type ReceiptStatus, type SentTransfer, type TransferRequest } from '../../../ports/token-transfers'
import type { WalletRegistry } from '../solana/wallet-standard'
import type { BitcoinAccountType, BitcoinSession } from './bitcoin-session'
import type { BitcoinWallet } from './bitcoin-wallet'

export class Bip122ChainFamily implements ChainFamily {
  readonly namespace = 'bip122' as const
  readonly connectors$ = new BehaviorSubject<readonly Connector[]>([])
  readonly events$ = new Subject<WalletEvent>()
  private started = false
  private loading: Promise<BitcoinSession> | undefined

  /**
   * @param networks the configured Bitcoin networks, the host's default first when it is one.
   * @param registry the Wallet Standard registry; by default the page's, imported when discovery starts.
   * @param root where sats-connect providers are looked up (`window` by default).
   */
  constructor(
    private readonly networks: readonly CaipNetwork[],
    private readonly logger: Logger,
    private readonly registry?: () => WalletRegistry,
    private readonly root?: () => Window,
  ) {}

  get connectors(): readonly Connector[] {
    return this.connectors$.value
  }

  startDiscovery(): void {
    if (this.started || (this.root === undefined && typeof window === 'undefined')) return
    this.started = true
    const registry = this.registry
    const root = this.root?.() ?? window
    Promise.all([
      import('./bitcoin-discovery'),
      registry === undefined ? import('../solana/wallet-standard-registry').then((m) => m.pageRegistry()) : registry(),
    ]).then(
      ([discovery, found]) => discovery.watchBitcoinWallets(found, root, (connectors) => this.connectors$.next(connectors)),
      (error: unknown) => {
        // Offline, or a deploy replaced the chunk: the next start tries again.
        this.started = false
        this.logger.warn('Walletgate: Bitcoin wallet discovery could not be loaded', error)
      },
    )
  }

  /** The wallet's own object (a Wallet Standard wallet or a sats-connect provider). */
  getProvider(connectorId: string): unknown {
    return this.wallet(connectorId)?.provider
  }

  connect(connectorId: string): Promise<WalletAccount> {
    return this.session().then((s) => s.connect(connectorId))
  }

  reconnect(connectorId: string): Promise<WalletAccount | null> {
    return this.session().then(
      (s) => s.reconnect(connectorId),
      () => null,
    )
  }

  disconnect(connectorId: string): Promise<void> {
    return this.session().then(
      (s) => s.disconnect(connectorId),
      () => undefined,
    )
  }

  switchNetwork(connectorId: string, network: CaipNetwork): Promise<void> {
    return this.session().then((s) => s.switchNetwork(connectorId, network))
  }

  /** Puts the payment or the ordinals address first; the connection follows through `accountsChanged`. */
  switchAccountType(connectorId: string, accountType: BitcoinAccountType): Promise<WalletAccount> {
    return this.session().then((s) => s.switchAccountType(connectorId, accountType))
  }

  signMessage(connectorId: string, address: string, message: string): Promise<string> {
    return this.session().then((s) => s.signMessage(connectorId, address, message))
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

  private wallet(connectorId: string): BitcoinWallet | undefined {
    return this.connectors.find((c) => c.id === connectorId)?.provider as BitcoinWallet | undefined
  }

  /** The rest of the wing, loaded on the first request (a failed import is tried again next time). */
  private session(): Promise<BitcoinSession> {
    this.loading ??= import('./bitcoin-session').then(
      (m) => new m.BitcoinSession((id) => this.wallet(id), this.networks, this.events$, this.logger),
    )
    this.loading.catch(() => (this.loading = undefined))
    return this.loading
  }
}
