import { BehaviorSubject, Subject, type Observable } from 'rxjs'
import type { CaipNetworkId, Connector } from '../../../domain/entities'
import type { Logger } from '../../../ports/logger'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import { UnknownConnectorError, WalletRequestError, type WalletAccount, type WalletEvent } from '../../../ports/chain-family'
import type { ConnectorSource } from '../connector-source'
import { isEip1193Provider, request } from './eip1193'
import { parseEip155ChainId } from '../../../domain/network/caip-network-id'
import { boundWalletName } from '../../../domain/validation/text-bounds'

/** The connector id of the legacy `window.ethereum` when no announcement matches it. */
export const LEGACY_INJECTED_ID = 'injected'
const LEGACY_INJECTED_NAME = 'Browser Wallet'

interface Announced {
  readonly rdns: string
  readonly name: string
  readonly icon: string | undefined
  readonly provider: Eip1193Provider
}

/** The browser globals this adapter uses; tests pass a jsdom window. */
export type BrowserWindow = Pick<Window, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> & {
  ethereum?: unknown
}

/**
 * eip155 browser wallets: EIP-6963 announcements (deduped by rdns; the first announcement of an
 * rdns wins) plus the legacy `window.ethereum` (dropped when it is the same object as an announced
 * provider). Wallet metadata is untrusted: names are trimmed plain strings and icons are passed on
 * as strings for the views to scheme-check.
 */
export class Eip6963EvmWallets implements ConnectorSource<Eip1193Provider> {
  private readonly list = new BehaviorSubject<readonly Connector[]>([])
  readonly connectors$: Observable<readonly Connector[]> = this.list.asObservable()
  private readonly events = new Subject<WalletEvent>()
  readonly events$: Observable<WalletEvent> = this.events.asObservable()
  private readonly announced = new Map<string, Announced>()
  private legacy: Eip1193Provider | undefined
  private started = false
  private readonly following = new Map<string, () => void>()

  constructor(
    private readonly logger: Logger,
    private readonly browser: () => BrowserWindow | undefined = defaultWindow,
  ) {}

  get connectors(): readonly Connector[] {
    return this.list.value
  }

  startDiscovery(): void {
    const win = this.browser()
    if (this.started || win === undefined) return
    this.started = true
    win.addEventListener('eip6963:announceProvider', (event) => this.onAnnounce(event))
    // Legacy wallets that inject late say so with this event (MetaMask's convention).
    win.addEventListener('ethereum#initialized', () => this.checkLegacy(), { once: true })
    win.dispatchEvent(new Event('eip6963:requestProvider'))
    this.checkLegacy()
  }

  getProvider(connectorId: string): Eip1193Provider | undefined {
    if (connectorId === LEGACY_INJECTED_ID) return this.legacy
    return this.announced.get(connectorId)?.provider
  }

  async connect(connectorId: string): Promise<WalletAccount> {
    const provider = this.requireProvider(connectorId)
    const addresses = await this.call<unknown>(provider, 'eth_requestAccounts')
    const account = await this.accountFrom(connectorId, provider, addresses)
    if (account === null) throw new WalletRequestError('failed', 'The wallet returned no account')
    this.follow(connectorId, provider)
    return account
  }

  async reconnect(connectorId: string): Promise<WalletAccount | null> {
    const provider = this.getProvider(connectorId)
    if (provider === undefined) return null
    try {
      const addresses = await this.call<unknown>(provider, 'eth_accounts')
      const account = await this.accountFrom(connectorId, provider, addresses)
      if (account !== null) this.follow(connectorId, provider)
      return account
    } catch (error) {
      this.logger.warn('Walletgate: silent reconnect failed', error)
      return null
    }
  }

  async disconnect(connectorId: string): Promise<void> {
    this.following.get(connectorId)?.()
    this.following.delete(connectorId)
    const provider = this.getProvider(connectorId)
    if (provider === undefined) return
    try {
      // Wallets that support it forget the site; others ignore it. Never blocks the disconnect.
      await provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    } catch (error) {
      this.logger.debug('Walletgate: wallet_revokePermissions not supported', error)
    }
  }

  // ------------------------------------------------------------------ discovery

  private onAnnounce(event: Event): void {
    const detail = (event as CustomEvent<unknown>).detail
    const parsed = parseAnnouncement(detail)
    if (parsed === undefined) {
      this.logger.warn('Walletgate: ignored a malformed EIP-6963 announcement')
      return
    }
    if (this.announced.has(parsed.rdns)) return
    this.announced.set(parsed.rdns, parsed)
    this.publish()
  }

  private checkLegacy(): void {
    const candidate = this.browser()?.ethereum
    if (isEip1193Provider(candidate)) {
      this.legacy = candidate
      this.publish()
    }
  }

  private publish(): void {
    const connectors: Connector[] = [...this.announced.values()].map((a) => ({
      id: a.rdns,
      name: a.name,
      type: 'ANNOUNCED',
      chain: 'eip155',
      ...(a.icon === undefined ? {} : { imageUrl: a.icon }),
      info: { rdns: a.rdns },
      provider: a.provider,
    }))
    const legacy = this.legacy
    if (legacy !== undefined && ![...this.announced.values()].some((a) => a.provider === legacy)) {
      connectors.push({ id: LEGACY_INJECTED_ID, name: LEGACY_INJECTED_NAME, type: 'INJECTED', chain: 'eip155', provider: legacy })
    }
    this.list.next(connectors)
  }

  // ------------------------------------------------------------------ requests and events

  private requireProvider(connectorId: string): Eip1193Provider {
    const provider = this.getProvider(connectorId)
    if (provider === undefined) throw new UnknownConnectorError(connectorId)
    return provider
  }

  private call<T>(provider: Eip1193Provider, method: string, params?: unknown): Promise<T> {
    return request<T>(provider, method, params)
  }

  private async accountFrom(
    connectorId: string,
    provider: Eip1193Provider,
    addresses: unknown,
  ): Promise<WalletAccount | null> {
    const list = parseAddresses(addresses)
    if (list.length === 0) return null
    const chainId = await this.call<unknown>(provider, 'eth_chainId')
    const caipNetworkId = toCaipNetworkId(chainId)
    if (caipNetworkId === undefined) throw new WalletRequestError('failed', 'The wallet reported a malformed chain id')
    return { connectorId, namespace: 'eip155', addresses: list, caipNetworkId }
  }

  private follow(connectorId: string, provider: Eip1193Provider): void {
    this.following.get(connectorId)?.()
    const onAccounts = (accounts: unknown) =>
      this.events.next({ type: 'accountsChanged', connectorId, addresses: parseAddresses(accounts) })
    const onChain = (chainId: unknown) => {
      const caipNetworkId = toCaipNetworkId(chainId)
      if (caipNetworkId !== undefined) this.events.next({ type: 'chainChanged', connectorId, caipNetworkId })
    }
    const onDisconnect = () => this.events.next({ type: 'disconnect', connectorId })
    provider.on?.('accountsChanged', onAccounts as (...args: never[]) => void)
    provider.on?.('chainChanged', onChain as (...args: never[]) => void)
    provider.on?.('disconnect', onDisconnect as (...args: never[]) => void)
    this.following.set(connectorId, () => {
      provider.removeListener?.('accountsChanged', onAccounts as (...args: never[]) => void)
      provider.removeListener?.('chainChanged', onChain as (...args: never[]) => void)
      provider.removeListener?.('disconnect', onDisconnect as (...args: never[]) => void)
    })
  }
}

function defaultWindow(): BrowserWindow | undefined {
  return typeof window === 'undefined' ? undefined : (window as unknown as BrowserWindow)
}

/** Reads an announcement defensively: getters may throw, fields may be of any type. */
function parseAnnouncement(detail: unknown): Announced | undefined {
  try {
    if (typeof detail !== 'object' || detail === null) return undefined
    const { info, provider } = detail as { info?: unknown; provider?: unknown }
    if (typeof info !== 'object' || info === null || !isEip1193Provider(provider)) return undefined
    const { rdns, name, icon } = info as { rdns?: unknown; name?: unknown; icon?: unknown }
    if (typeof rdns !== 'string' || rdns.trim() === '' || rdns.length > 255) return undefined
    if (typeof name !== 'string' || name.trim() === '') return undefined
    return {
      rdns: rdns.trim(),
      name: boundWalletName(name),
      icon: typeof icon === 'string' ? icon : undefined,
      provider,
    }
  } catch {
    return undefined
  }
}

function parseAddresses(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value.filter((a): a is string => typeof a === 'string' && /^0x[0-9a-fA-F]{40}$/.test(a))
}

/** A chain id outside the positive safe integers is malformed (it would round to another chain). */
function toCaipNetworkId(chainId: unknown): CaipNetworkId | undefined {
  const id = parseEip155ChainId(chainId)
  return id === undefined ? undefined : `eip155:${String(id)}`
}
