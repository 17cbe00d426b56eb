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
import type { GasEstimate, ReceiptStatus, SentTransfer, TransferRequest } from '../../../ports/token-transfers'
import type { WalletRegistry } from '../solana/wallet-standard'
import type { BitcoinAccountType, BitcoinSession } from './bitcoin-session'

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
      ([discovery, found]) => {
        try {
          discovery.watchBitcoinWallets(found, root, (connectors) => this.connectors$.next(connectors))
        } catch (error) {
          // A hostile page object (a registry or provider list that throws): no Bitcoin wallets.
          this.logger.warn('Walletgate: Bitcoin wallet discovery failed', error)
        }
      },
      (error: unknown) => {
        // Offline, or a deploy replaced the chunk: the next start tries again.
        this.started = false
        this.logger.warn('Walletgate: Bitcoin wallet discovery could not be loaded', error)
      },
    )
  }

  /** The wallet's own object (a Wallet Standard wallet or a sats-connect provider). */
  getProvider(connectorId: string): unknown {
    return this.wallet(connectorId)
  }

  connect(connectorId: string): Promise<WalletAccount> {
    return this.call('connect', connectorId)
  }

  reconnect(connectorId: string): Promise<WalletAccount | null> {
    return this.call('reconnect', connectorId).catch(() => null)
  }

  disconnect(connectorId: string): Promise<void> {
    return this.call('disconnect', connectorId).catch(() => undefined)
  }

  switchNetwork(connectorId: string, network: CaipNetwork): Promise<void> {
    return this.call('switchNetwork', connectorId, network)
  }

  /** Puts the payment or the ordinals address first; the connection follows through `accountsChanged`. */
  switchAccountType(connectorId: string, accountType: BitcoinAccountType): Promise<WalletAccount> {
    return this.call('switchAccountType', connectorId, accountType)
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

  private wallet(connectorId: string): unknown {
    return this.connectors.find((c) => c.id === connectorId)?.provider
  }

  /** One request through the rest of the wing, loaded on the first one (a failed import is tried again next time). */
  private async call<K extends keyof BitcoinSession>(
    method: K,
    ...args: Parameters<SessionCall<K>>
  ): Promise<Awaited<ReturnType<SessionCall<K>>>> {
    this.loading ??= import('./bitcoin-session').then(
      (m) => new m.BitcoinSession((id) => this.wallet(id), this.networks, this.events$, this.logger),
    )
    this.loading.catch(() => (this.loading = undefined))
    const session = await this.loading
    return (session[method] as (...a: unknown[]) => Promise<Awaited<ReturnType<SessionCall<K>>>>).apply(session, args)
  }
}

type SessionCall<K extends keyof BitcoinSession> = BitcoinSession[K] extends (...args: infer A) => infer R ? (...args: A) => R : never
