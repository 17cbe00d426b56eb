/**
 * The SDK and its session: loads and starts UniversalProvider once (dropping stored state it could
 * not start on), restores a persisted session, reports the session's events, and ends it.
 *
 * Configured so nothing reaches WalletConnect's hosted services when the host points elsewhere:
 * relay URL from config, telemetry off, no provider pings, the SDK's own logging silenced
 * (expected failures go to our Logger as warnings). The relay, not the browser's
 * `navigator.onLine`, decides whether WalletConnect works: the relayer tries its socket even when
 * the browser believes it is offline (relay-decides-online.ts).
 */
import { Subject, type Observable } from 'rxjs'
import type { UniversalProvider as UniversalProviderExport, UniversalProviderOpts } from '@walletconnect/universal-provider'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../domain/connection/connectors'
import { parseEip155ChainId, wellFormedCaipNetworkId } from '../../../domain/network/caip-network-id'
import { boundWalletName } from '../../../domain/validation/text-bounds'
import type { CaipNetworkId, ChainNamespace, SiwxSession } from '../../../domain/entities'
import type { Logger } from '../../../ports/logger'
import { WalletRequestError, type WalletEvent } from '../../../ports/chain-family'
import type { SiwxConnectRequest } from '../../../ports/siwx'
import { addressOf } from './namespaces'
import { skipVerifyAttestation } from './skip-verify-attestation'
import { relayDecidesOnline } from './relay-decides-online'
import { browserStoredEntries, clearModalState, storedEntriesOf, unreadableKeys, type StoredEntries } from './sdk-storage'

type UniversalProviderClass = typeof UniversalProviderExport
export type Provider = Awaited<ReturnType<UniversalProviderClass['init']>>

/** A session as the SDK keeps it, the part the adapter reads. */
export interface SessionLike {
  topic: string
  expiry: number
  namespaces: Record<string, { accounts: string[]; chains?: string[] } | undefined>
  peer: { metadata: { name: string; url: string; icons: string[] } }
}

export interface WalletConnectMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

/** How the SDK is loaded and started. */
export interface WalletConnectSdkOptions {
  projectId: string
  /** The relay, e.g. ws://127.0.0.1:8788 on the devnet. */
  relayUrl: string
  metadata: WalletConnectMetadata
  logger: Logger
  /**
   * 'hosted' (default): the SDK asks WalletConnect's Verify for an origin attestation (in a
   * browser, up to 5 s before the first URI when Verify is unreachable). 'skip': no attestation
   * (offline devnets); see skip-verify-attestation.ts.
   */
  verifyAttestation?: 'hosted' | 'skip'
  /** SignClient storage; default the SDK's own (IndexedDB in a browser), which survives a reload. */
  storage?: UniversalProviderOpts['storage']
  /** Keeps this modal's WalletConnect state apart from other clients on the page. */
  customStoragePrefix?: string
  /** Loads the SDK (default: dynamic import). */
  load?: () => Promise<{ UniversalProvider: UniversalProviderClass }>
}

/** A WalletConnect session as the modal needs it. */
export interface WalletConnectSession {
  readonly topic: string
  readonly connectorId: string
  readonly namespace: ChainNamespace
  /** The wallet's addresses on the current network, selected first. */
  readonly addresses: readonly string[]
  /** The session's current network (`eip155:31337`). */
  readonly caipNetworkId: CaipNetworkId
  /** Every network the wallet approved, in its order. */
  readonly approvedNetworks: readonly CaipNetworkId[]
  readonly peer: { readonly name: string; readonly url: string; readonly icons: readonly string[] }
  /** When the session ends unless extended (epoch ms). */
  readonly expiresAtMs: number
  /**
   * The wallet answered the sign-in asked with the connection: one session per chain it signed
   * for, not yet verified. Absent when none was asked or the wallet approved a plain session.
   */
  readonly signIn?: { readonly request: SiwxConnectRequest; readonly sessions: readonly SiwxSession[] }
}

/** Something WalletConnect reported on its own. */
export type WalletConnectEvent =
  | WalletEvent
  /** The wallet (or an expiry) ended the session; the modal returns to Connect. */
  | { readonly type: 'sessionDeleted'; readonly connectorId: string; readonly topic: string }

/** The session as the modal needs it: its namespace (eip155 first), network, addresses and peer. */
export async function describeSession(provider: Provider, session: SessionLike): Promise<WalletConnectSession> {
  const namespace: ChainNamespace = session.namespaces.eip155 ? 'eip155' : ((Object.keys(session.namespaces)[0] ?? 'eip155') as ChainNamespace)
  const accounts = session.namespaces[namespace]?.accounts ?? []
  const approvedNetworks = [
    ...new Set(accounts.map((a) => wellFormedCaipNetworkId(a.split(':').slice(0, 2).join(':'))).filter((n) => n !== undefined)),
  ]
  let caipNetworkId = approvedNetworks[0] ?? (`${namespace}:0` as CaipNetworkId)
  let addresses = accounts.filter((a) => a.startsWith(`${caipNetworkId}:`)).map(addressOf)
  if (namespace === 'eip155') {
    const chainId = parseEip155ChainId(await provider.request<unknown>({ method: 'eth_chainId' }))
    if (chainId === undefined) throw new WalletRequestError('failed', 'The wallet reported a malformed chain id')
    caipNetworkId = `eip155:${String(chainId)}`
    addresses = await provider.request<string[]>({ method: 'eth_accounts' })
  }
  return {
    topic: session.topic,
    connectorId: WALLETCONNECT_CONNECTOR_ID,
    namespace,
    addresses,
    caipNetworkId,
    approvedNetworks,
    peer: { name: boundWalletName(session.peer.metadata.name), url: session.peer.metadata.url, icons: session.peer.metadata.icons },
    expiresAtMs: session.expiry * 1000,
  }
}

/** The SDK, loaded once, and the session it keeps. */
export class WalletConnectSessionLifecycle {
  private readonly eventsSubject = new Subject<WalletConnectEvent>()
  /** Events of the connected session: accountsChanged, chainChanged, sessionDeleted. Never errors. */
  readonly events$: Observable<WalletConnectEvent> = this.eventsSubject.asObservable()
  private providerPromise: Promise<Provider> | undefined
  private started: Provider | undefined

  constructor(private readonly options: WalletConnectSdkOptions) {}

  /** The started SDK; undefined until load() has finished. */
  get provider(): Provider | undefined {
    return this.started
  }

  /** Loads and initialises the SDK once. Restores a persisted session as a side effect. */
  load(): Promise<Provider> {
    this.providerPromise ??= this.createProvider().catch((e: unknown) => {
      this.providerPromise = undefined
      throw e
    })
    return this.providerPromise
  }

  /**
   * Loads the SDK and opens its relay connection. The SDK only connects when it has a topic, so
   * this sends one harmless relay request (a message fetch for no topics) through the core's
   * public `relayer.request`. Never rejects.
   */
  async preconnect(): Promise<void> {
    try {
      const provider = await this.load()
      const relayer = provider.client.core.relayer
      if (relayer.connected) return
      await relayer.request({ method: 'irn_batchFetchMessages', params: { topics: [] } } as Parameters<typeof relayer.request>[0])
    } catch (e) {
      this.options.logger.warn('WalletConnect preconnect failed', e)
    }
  }

  /** The session persisted from an earlier page load, or null. Loads the SDK. */
  async restore(): Promise<WalletConnectSession | null> {
    const provider = await this.load()
    if (!provider.session) return null
    return describeSession(provider, provider.session as SessionLike)
  }

  /** The current session's accounts (CAIP-10) in `namespace`; none without a session. */
  accountsIn(namespace: ChainNamespace): string[] {
    const session = this.provider?.session as SessionLike | undefined
    return [...(session?.namespaces[namespace]?.accounts ?? [])]
  }

  /** Ends the session on both sides (the wallet gets session_delete). Never rejects. */
  async disconnect(): Promise<void> {
    const provider = this.provider
    if (!provider?.session) return
    try {
      await provider.disconnect()
    } catch (e) {
      this.options.logger.warn('WalletConnect disconnect failed', e)
    }
  }

  /** Closes the SDK's relay connection and timers; the session stays persisted. Never rejects. */
  async close(): Promise<void> {
    const provider = this.provider
    if (!provider) return
    try {
      await provider.client.core.relayer.transportClose()
    } catch (e) {
      this.options.logger.warn('WalletConnect close failed', e)
    }
    provider.client.core.heartbeat.stop()
  }

  private async createProvider(): Promise<Provider> {
    const { UniversalProvider } = await (this.options.load ?? (() => import('@walletconnect/universal-provider')))()
    const init = () =>
      UniversalProvider.init({
        projectId: this.options.projectId,
        relayUrl: this.options.relayUrl,
        metadata: this.options.metadata,
        telemetryEnabled: false,
        disableProviderPing: true,
        logger: 'silent',
        ...(this.options.storage ? { storage: this.options.storage } : {}),
        ...(this.options.customStoragePrefix ? { customStoragePrefix: this.options.customStoragePrefix } : {}),
      })
    const stored = this.options.storage ? storedEntriesOf(this.options.storage) : browserStoredEntries()
    const prefix = this.options.customStoragePrefix ?? ''
    await this.dropUnreadableState(stored, prefix)
    let provider: Provider
    try {
      provider = await init()
    } catch (e) {
      // State the check could not tell apart (JSON of the wrong shape) may still stop the start:
      // without it the SDK starts clean, and the visitor can pair again.
      const cleared = await clearModalState(stored, prefix).catch(() => [])
      if (cleared.length === 0) throw e
      this.options.logger.warn('WalletConnect storage could not be used and was cleared', e)
      provider = await init()
    }
    if (this.options.verifyAttestation === 'skip') skipVerifyAttestation(provider.client)
    // The relay's answer, not navigator.onLine, decides whether WalletConnect works (see the file).
    relayDecidesOnline(provider.client.core.relayer, globalThis.navigator?.onLine === false, (e) =>
      this.options.logger.warn('WalletConnect relay connection failed', e),
    )
    this.listen(provider)
    this.started = provider
    return provider
  }

  /**
   * Clears the modal's WalletConnect state when part of it cannot be read back (not JSON): the
   * SDK would fail to start on it, or start without the session. A warning, never an error.
   */
  private async dropUnreadableState(stored: StoredEntries, prefix: string): Promise<void> {
    try {
      const unreadable = await unreadableKeys(stored, prefix)
      if (unreadable.length === 0) return
      await clearModalState(stored, prefix)
      this.options.logger.warn('WalletConnect storage was unreadable and was cleared', unreadable)
    } catch (e) {
      this.options.logger.warn('WalletConnect storage could not be checked', e)
    }
  }

  private listen(provider: Provider): void {
    const id = WALLETCONNECT_CONNECTOR_ID
    provider.on('accountsChanged', (accounts: string[]) => {
      if (!provider.session) return
      this.eventsSubject.next({ type: 'accountsChanged', connectorId: id, addresses: accounts })
    })
    provider.on('chainChanged', (chainId: number | string) => {
      if (!provider.session) return
      const text = String(chainId)
      // A malformed id (beyond the safe integers, a fraction) is ignored, not rounded to another chain.
      const caipNetworkId = wellFormedCaipNetworkId(text.includes(':') ? text : `eip155:${text}`)
      if (caipNetworkId !== undefined) this.eventsSubject.next({ type: 'chainChanged', connectorId: id, caipNetworkId })
    })
    provider.on('session_delete', ({ topic }: { topic: string }) => {
      this.eventsSubject.next({ type: 'sessionDeleted', connectorId: id, topic })
      this.eventsSubject.next({ type: 'disconnect', connectorId: id })
    })
    // UniversalProvider does not forward expiry; the SignClient drops the session on its own.
    provider.client.on('session_expire', ({ topic }: { topic: string }) => {
      if (provider.session && provider.session.topic !== topic) return
      this.eventsSubject.next({ type: 'sessionDeleted', connectorId: id, topic })
      this.eventsSubject.next({ type: 'disconnect', connectorId: id })
    })
  }
}
