/**
 * Solana browser wallets through the Wallet Standard: `getWallets()` lists the wallets that
 * registered (and later ones, and removals); a wallet with `standard:connect` and a Solana signing
 * feature is listed. Connect is `standard:connect` (silent after a reload), disconnect
 * `standard:disconnect` where the wallet has it, and `standard:events` changes are its events.
 *
 * A Wallet Standard wallet has no "current network": the site picks one of the wallet's chains.
 * The source keeps that choice per wallet (the host's default Solana network when the wallet
 * supports it, else the first configured one it supports) and moves it on `switchNetwork`.
 */
import { getWallets } from '@wallet-standard/app'
import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import type { WalletStandardWallet } from '../../../domain/chains/wallet-providers'
import type { CaipNetwork, CaipNetworkId, Connector } from '../../../domain/entities'
import { isSolanaAddress } from '../../../domain/validation/addresses'
import { boundWalletName } from '../../../domain/validation/text-bounds'
import {
  UnknownConnectorError,
  WalletRequestError,
  type WalletAccount,
  type WalletEvent,
} from '../../../ports/chain-family'
import type { Logger } from '../../../ports/logger'
import type { ConnectorSource } from '../connector-source'
import { toSolanaWalletError } from './solana-errors'
import {
  STANDARD_CONNECT,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  caipOfWalletChain,
  connectorIdOf,
  feature,
  isSolanaWallet,
  solanaChainsOf,
  type ConnectFeature,
  type DisconnectFeature,
  type EventsFeature,
  type StandardAccount,
} from './wallet-standard'

/** `getWallets()`'s API, as far as discovery uses it. */
export interface WalletRegistry {
  get(): readonly WalletStandardWallet[]
  on(event: 'register' | 'unregister', listener: (...wallets: WalletStandardWallet[]) => void): () => void
}

/** A Solana wallet source: the connection half of the family, plus the network the site uses with each wallet. */
export interface SolanaConnectorSource extends ConnectorSource<WalletStandardWallet> {
  /** Moves the site's use of the wallet to `network`. @throws WalletRequestError `unknownNetwork` when the wallet does not support it. */
  switchNetwork(connectorId: string, network: CaipNetwork): Promise<void>
}

export class WalletStandardSolanaWallets implements SolanaConnectorSource {
  private readonly list = new BehaviorSubject<readonly Connector[]>([])
  readonly connectors$: Observable<readonly Connector[]> = this.list.asObservable()
  private readonly events = new Subject<WalletEvent>()
  readonly events$: Observable<WalletEvent> = this.events.asObservable()
  private readonly wallets = new Map<string, WalletStandardWallet>()
  private readonly following = new Map<string, () => void>()
  private readonly networkOf = new Map<string, CaipNetworkId>()
  private started = false

  /**
   * @param networks the configured Solana networks, the host's default first when it is one.
   * @param registry the page's Wallet Standard registry (undefined outside a browser).
   */
  constructor(
    private readonly networks: readonly CaipNetwork[],
    private readonly logger: Logger,
    private readonly registry: () => WalletRegistry | undefined = browserRegistry,
  ) {}

  get connectors(): readonly Connector[] {
    return this.list.value
  }

  startDiscovery(): void {
    if (this.started) return
    const registry = this.registry()
    if (registry === undefined) return
    this.started = true
    const refresh = () => this.publish(registry.get())
    registry.on('register', refresh)
    registry.on('unregister', refresh)
    refresh()
  }

  getProvider(connectorId: string): WalletStandardWallet | undefined {
    return this.wallets.get(connectorId)
  }

  async connect(connectorId: string): Promise<WalletAccount> {
    const wallet = this.getProvider(connectorId)
    const connect = wallet && feature<ConnectFeature>(wallet, STANDARD_CONNECT)
    if (wallet === undefined || connect === undefined) throw new UnknownConnectorError(connectorId)
    let accounts: readonly StandardAccount[]
    try {
      accounts = (await connect.connect()).accounts
    } catch (error) {
      throw toSolanaWalletError(error)
    }
    const account = this.accountFrom(connectorId, wallet, accounts)
    if (account === null) throw new WalletRequestError('failed', 'The wallet returned no account')
    this.follow(connectorId, wallet)
    return account
  }

  async reconnect(connectorId: string): Promise<WalletAccount | null> {
    const wallet = this.getProvider(connectorId)
    const connect = wallet && feature<ConnectFeature>(wallet, STANDARD_CONNECT)
    if (wallet === undefined || connect === undefined) return null
    try {
      const account = this.accountFrom(connectorId, wallet, (await connect.connect({ silent: true })).accounts)
      if (account !== null) this.follow(connectorId, wallet)
      return account
    } catch (error) {
      this.logger.warn('Walletgate: silent reconnect failed', error)
      return null
    }
  }

  async disconnect(connectorId: string): Promise<void> {
    this.following.get(connectorId)?.()
    this.following.delete(connectorId)
    const wallet = this.getProvider(connectorId)
    const disconnect = wallet && feature<DisconnectFeature>(wallet, STANDARD_DISCONNECT)
    try {
      // Wallets that have it forget the site; the modal's disconnect never waits on a refusal.
      await disconnect?.disconnect()
    } catch (error) {
      this.logger.debug('Walletgate: standard:disconnect failed', error)
    }
  }

  async switchNetwork(connectorId: string, network: CaipNetwork): Promise<void> {
    const wallet = this.getProvider(connectorId)
    if (wallet === undefined) throw new UnknownConnectorError(connectorId)
    const supported = solanaChainsOf(wallet).map(caipOfWalletChain)
    // A wallet that names no chains is taken at its word for any configured network.
    if (supported.length > 0 && !supported.includes(network.caipNetworkId)) {
      throw new WalletRequestError('unknownNetwork', `${boundWalletName(wallet.name)} does not support ${network.name}`)
    }
    this.networkOf.set(connectorId, network.caipNetworkId)
    this.events.next({ type: 'chainChanged', connectorId, caipNetworkId: network.caipNetworkId })
  }

  // ------------------------------------------------------------------ discovery

  private publish(registered: readonly WalletStandardWallet[]): void {
    this.wallets.clear()
    const connectors: Connector[] = []
    for (const wallet of registered) {
      try {
        if (!isSolanaWallet(wallet)) continue
        const id = connectorIdOf(wallet)
        if (this.wallets.has(id)) continue
        this.wallets.set(id, wallet)
        connectors.push({
          id,
          name: boundWalletName(wallet.name),
          type: 'ANNOUNCED',
          chain: 'solana',
          ...(typeof wallet.icon === 'string' ? { imageUrl: wallet.icon } : {}),
          ...(id.includes('.') && id !== wallet.name ? { info: { rdns: id } } : {}),
          provider: wallet,
        })
      } catch {
        this.logger.warn('Walletgate: ignored a malformed Wallet Standard wallet')
      }
    }
    this.list.next(connectors)
  }

  // ------------------------------------------------------------------ accounts and events

  private accountFrom(
    connectorId: string,
    wallet: WalletStandardWallet,
    accounts: readonly StandardAccount[],
  ): WalletAccount | null {
    const addresses = solanaAddresses(accounts)
    if (addresses.length === 0) return null
    return { connectorId, namespace: 'solana', addresses, caipNetworkId: this.networkFor(connectorId, wallet) }
  }

  /** The network in use with the wallet: the one chosen before while the wallet supports it, else the first configured one it supports. */
  private networkFor(connectorId: string, wallet: WalletStandardWallet): CaipNetworkId {
    const supported = solanaChainsOf(wallet).map(caipOfWalletChain)
    const usable = (id: CaipNetworkId) => supported.length === 0 || supported.includes(id)
    const previous = this.networkOf.get(connectorId)
    const chosen =
      (previous !== undefined && usable(previous) ? previous : undefined) ??
      this.networks.map((n) => n.caipNetworkId).find(usable) ??
      // None of the configured networks: the wallet's own, so the modal shows it as unsupported.
      supported[0] ??
      this.networks[0]?.caipNetworkId
    if (chosen === undefined) throw new WalletRequestError('unknownNetwork', 'No Solana network is configured')
    this.networkOf.set(connectorId, chosen)
    return chosen
  }

  private follow(connectorId: string, wallet: WalletStandardWallet): void {
    this.following.get(connectorId)?.()
    const events = feature<EventsFeature>(wallet, STANDARD_EVENTS)
    if (events === undefined) return
    try {
      const off = events.on('change', ({ accounts }) => {
        if (accounts !== undefined) this.events.next({ type: 'accountsChanged', connectorId, addresses: solanaAddresses(accounts) })
      })
      this.following.set(connectorId, off)
    } catch (error) {
      this.logger.warn('Walletgate: could not follow the wallet\'s events', error)
    }
  }
}

function solanaAddresses(accounts: unknown): string[] {
  if (!Array.isArray(accounts)) return []
  return accounts
    .map((a: unknown) => (a as { address?: unknown } | null)?.address)
    .filter((a): a is string => typeof a === 'string' && isSolanaAddress(a))
}

function browserRegistry(): WalletRegistry | undefined {
  return typeof window === 'undefined' ? undefined : (getWallets() as unknown as WalletRegistry)
}
