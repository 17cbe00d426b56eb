/**
 * WalletConnect over @walletconnect/universal-provider, loaded only when first needed (dynamic
 * import: the page's initial JS holds no WalletConnect code). The adapter composes four parts:
 *
 * - walletconnect-session.ts: the SDK's load and start (nothing reaches WalletConnect's hosted
 *   services when the host points elsewhere), restore, the session's events, disconnect, close;
 * - walletconnect-pairing.ts: connect() as a pairing attempt, its URIs and their refresh, the
 *   proposal, the relay watch;
 * - walletconnect-requests.ts: signing, sending and reads through the session's EIP-1193
 *   provider, requests in other namespaces, network switches;
 * - walletconnect-sign-in.ts: one-click sign-in (SIWE as a CACAO per chain) asked with connect().
 */
import type { Observable, SchedulerLike } from 'rxjs'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../domain/connection/connectors'
import type { CaipNetworkId, ChainNamespace } from '../../../domain/entities'
import type { Clock } from '../../../ports/clock'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import type { PairingExpiryDecision } from '../../../ports/walletconnect-pairing-expiry'
import type { SiwxConnectRequest, SiwxOnConnect } from '../../../ports/siwx'
import type { WalletConnectAsks, WalletConnectNetwork } from './namespaces'
import { WalletConnectPairingAttempts, type WalletConnectPairingAttempt } from './walletconnect-pairing'
import { WalletConnectRequests } from './walletconnect-requests'
import {
  WalletConnectSessionLifecycle,
  type Provider,
  type WalletConnectEvent,
  type WalletConnectSdkOptions,
  type WalletConnectSession,
} from './walletconnect-session'
import { signInToAsk } from './walletconnect-sign-in'

export { WALLETCONNECT_LOAD_FAILED, WalletConnectCancelledError } from './walletconnect-errors'
export type { WalletConnectPairingAttempt } from './walletconnect-pairing'
export type { WalletConnectEvent, WalletConnectMetadata, WalletConnectSession } from './walletconnect-session'

export interface UniversalProviderWalletConnectOptions extends WalletConnectSdkOptions {
  /**
   * Every configured network. eip155 reads of a session go over each network's whole RPC list
   * (rpc-reads.ts); the SDK's RPC map gets the first URL, so it never falls back to a hosted RPC.
   */
  networks: readonly WalletConnectNetwork[]
  /** Chain families to ask for, each with its wing's ask (default eip155 only). */
  namespaces?: WalletConnectAsks
  clock: Clock
  scheduler: SchedulerLike
  /**
   * Asked once when the attempt's pairing has 10 s left (see WalletConnectPairingExpiry): 'refresh'
   * (the default) makes a new proposal; 'stop' makes none and cancels the attempt. The one timer
   * of a pairing's end, so a kept attempt's stop never races a refresh.
   */
  pairingExpiring?: () => PairingExpiryDecision
  /**
   * One-click sign-in (the host configured `siwx`), asked for with each connect: its eip155 request
   * goes out as the authenticate request, and the wallet's signed answers are handed to `accept`
   * before `session` resolves, so sign-in finds them stored when the account is reported.
   */
  signIn?: () => Promise<SiwxOnConnect | undefined>
}

export class UniversalProviderWalletConnect {
  readonly connectorId = WALLETCONNECT_CONNECTOR_ID
  /** Events of the connected session: accountsChanged, chainChanged, sessionDeleted. Never errors. */
  readonly events$: Observable<WalletConnectEvent>
  private readonly sdk: WalletConnectSessionLifecycle
  private readonly pairings: WalletConnectPairingAttempts
  private readonly requests: WalletConnectRequests

  constructor(options: UniversalProviderWalletConnectOptions) {
    this.sdk = new WalletConnectSessionLifecycle(options)
    this.events$ = this.sdk.events$
    const provider = (): Provider | undefined => this.sdk.provider
    this.requests = new WalletConnectRequests({ provider, networks: options.networks })
    this.pairings = new WalletConnectPairingAttempts({
      load: () => this.sdk.load(),
      provider,
      networks: options.networks,
      namespaces: options.namespaces,
      signInToAsk: () => signInToAsk(options.signIn, options.logger),
      clock: options.clock,
      scheduler: options.scheduler,
      logger: options.logger,
      pairingExpiring: options.pairingExpiring,
    })
  }

  /** Whether the SDK has been loaded (tests and the bundle budget check this). */
  get loaded(): boolean {
    return this.sdk.provider !== undefined
  }

  /** Loads and initialises the SDK once. Restores a persisted session as a side effect. */
  load(): Promise<Provider> {
    return this.sdk.load()
  }

  /**
   * Loads the SDK and opens its relay connection ahead of connect(), taking both off the
   * choose-to-QR time (call it when the modal opens or the WalletConnect option shows). Never rejects.
   */
  preconnect(): Promise<void> {
    return this.sdk.preconnect()
  }

  /** The session persisted from an earlier page load, or null. Loads the SDK. */
  restore(): Promise<WalletConnectSession | null> {
    return this.sdk.restore()
  }

  /**
   * Starts a pairing attempt; a previous attempt still running is cancelled. With `reuse`, a
   * running attempt whose pairing is not expired (or still being prepared) is returned instead,
   * so a URI prepared before a tap (iOS Safari, Telegram) is the one the deep link opens.
   *
   * With `signIn` (an eip155 request) and eip155 among the namespaces, the wallet gets an
   * authenticate request (`wc_sessionAuthenticate`, one-click sign-in) instead of a bare proposal:
   * a wallet that supports it signs one CACAO per chain it serves in the same approval (the session
   * then carries `signIn`); one that does not answers the SDK's fallback proposal, a plain session.
   * The SDK's fallback proposal asks for eip155 alone, so other namespaces are not asked then.
   * Without `signIn`, the request comes from the `signIn` option (whose `accept` then gets the answers).
   */
  connect(opts: { reuse?: boolean; signIn?: SiwxConnectRequest } = {}): WalletConnectPairingAttempt {
    return this.pairings.connect(opts)
  }

  /** Ends the session on both sides (the wallet gets session_delete). Never rejects. */
  async disconnect(): Promise<void> {
    this.pairings.cancel()
    await this.sdk.disconnect()
  }

  /**
   * Closes the SDK's relay connection and timers (page teardown, tests). The session stays
   * persisted for restore() in the next page load. Never rejects.
   */
  async close(): Promise<void> {
    this.pairings.cancel()
    this.requests.close()
    // The cancelled pairing's cleanup talks to the relay; closed before it ends, the relayer would
    // open a new connection for it.
    await this.pairings.cleanup
    await this.sdk.close()
  }

  /** The EIP-1193 provider of the session (eip155), or undefined before the SDK is loaded. */
  getProvider(): Eip1193Provider | undefined {
    return this.requests.eip1193()
  }

  /** The current session's accounts (CAIP-10) in `namespace`; none without a session. */
  accountsIn(namespace: ChainNamespace): string[] {
    return this.sdk.accountsIn(namespace)
  }

  /**
   * One request to the wallet on a network of a non-eip155 namespace (`solana:…`), as the session
   * approved it. @throws WalletRequestError with the wallet's code.
   */
  requestIn<T>(caipNetworkId: string, method: string, params: Record<string, unknown>): Promise<T> {
    return this.requests.requestIn<T>(caipNetworkId, method, params)
  }

  /** Switches the session's network (locally when the wallet approved it, else through the wallet). */
  switchNetwork(caipNetworkId: CaipNetworkId): Promise<void> {
    return this.requests.switchNetwork(caipNetworkId)
  }
}
