/**
 * WalletConnect over @walletconnect/universal-provider, loaded only when first needed (dynamic
 * import: the page's initial JS holds no WalletConnect code).
 *
 * The SDK, its session and the session's events are walletconnect-session.ts's.
 *
 * connect() starts a pairing attempt: `pairing$` replays the current pairing ({uri, expiresAtMs},
 * 4 minutes from its creation); when it has 10 s left, `pairingExpiring` decides whether a fresh
 * one replaces it or the attempt stops; `session` resolves when the wallet approves through any
 * of the attempt's URIs.
 */
import { ReplaySubject, map, timer, type Observable, type SchedulerLike, type Subscription } from 'rxjs'
import { createPairing, reuseOrCreatePairing, type Pairing } from '../../../domain/connection/pairing'
import { PAIRING_EXPIRY_MARGIN_MS } from '../../../domain/constants'
import { RELAY_WAIT_MS, RelayUnreachableError } from '../../../domain/connection/relay'
import { WALLETCONNECT_CONNECTOR_ID } from '../../../domain/connection/connectors'
import type { CaipNetworkId, ChainNamespace } from '../../../domain/entities'
import type { Clock } from '../../../ports/clock'
import type { Eip1193Provider } from '../../../domain/chains/wallet-providers'
import { WalletRequestError } from '../../../ports/chain-family'
import type { PairingExpiryDecision } from '../../../ports/walletconnect-pairing-expiry'
import type { SiwxConnectRequest, SiwxOnConnect } from '../../../ports/siwx'
import { requestedNamespaces, type WalletConnectAsks, type WalletConnectNetwork } from './namespaces'
import { WALLETCONNECT_LOAD_FAILED, WalletConnectCancelledError, errorCode, toWalletError } from './walletconnect-errors'
import { WalletConnectRequests } from './walletconnect-requests'
import {
  WalletConnectSessionLifecycle,
  describeSession,
  type Provider,
  type SessionLike,
  type WalletConnectEvent,
  type WalletConnectSdkOptions,
  type WalletConnectSession,
} from './walletconnect-session'
import { authenticate, signInToAsk, type ApprovedProposal } from './walletconnect-sign-in'

export { WALLETCONNECT_LOAD_FAILED, WalletConnectCancelledError } from './walletconnect-errors'
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

export interface WalletConnectPairingAttempt {
  /** The current pairing; replays it to a new subscriber, replaced before expiry. Completes when the attempt ends. */
  readonly pairing$: Observable<Pairing>
  /** pairing$ as bare `wc:` URIs. */
  readonly uri$: Observable<string>
  /**
   * Resolves when the wallet approves. Rejects with WalletRequestError carrying the wallet's code
   * (5000 rejected, 5100 unsupported chains ...), or WalletConnectCancelledError after cancel().
   */
  readonly session: Promise<WalletConnectSession>
  /** Stops refreshing and forgets the attempt's pairings. */
  cancel(): void
}

/** The topics of every pairing the SDK knows (none when it cannot say). */
function pairingTopics(provider: Provider): ReadonlySet<string> {
  try {
    return new Set(provider.client.pairing.getAll().map((p) => p.topic))
  } catch {
    return new Set()
  }
}

/**
 * Why a pairing failed, in words for the visitor: a wallet's answer keeps its code (and its own
 * words); anything the SDK raised without one is its link to the relay failing (a stalled socket,
 * a publish that timed out), never raw SDK text.
 */
function toPairingError(e: unknown): WalletRequestError | RelayUnreachableError {
  // The SDK rejects an authenticate request the wallet refused with the wallet's words alone.
  if (typeof e === 'string') return new WalletRequestError('rejected', e, { cause: e })
  return errorCode(e) === undefined ? new RelayUnreachableError({ cause: e }) : toWalletError(e)
}

/** The pairing topic of a `wc:<topic>@2?...` URI. */
function topicOf(uri: string): string {
  return uri.slice(uri.indexOf(':') + 1, uri.indexOf('@'))
}

export class UniversalProviderWalletConnect {
  readonly connectorId = WALLETCONNECT_CONNECTOR_ID
  /** Events of the connected session: accountsChanged, chainChanged, sessionDeleted. Never errors. */
  readonly events$: Observable<WalletConnectEvent>
  private readonly sdk: WalletConnectSessionLifecycle
  private currentAttempt: { cancel(): void; handle: WalletConnectPairingAttempt; latest?: Pairing } | undefined
  /** The last cancelled attempt's pairing cleanup, still talking to the relay. */
  private pendingCleanup: Promise<unknown> | undefined
  private readonly requests: WalletConnectRequests

  constructor(private readonly options: UniversalProviderWalletConnectOptions) {
    this.sdk = new WalletConnectSessionLifecycle(options)
    this.events$ = this.sdk.events$
    this.requests = new WalletConnectRequests({ provider: () => this.sdk.provider, networks: options.networks })
  }

  /** The started SDK, or undefined before it is loaded. */
  private get provider(): Provider | undefined {
    return this.sdk.provider
  }

  /** Whether the SDK has been loaded (tests and the bundle budget check this). */
  get loaded(): boolean {
    return this.provider !== undefined
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
    const running = this.currentAttempt
    if (opts.reuse && running && this.reusable(running.latest)) return running.handle
    running?.cancel()
    const signingIn =
      opts.signIn === undefined ? signInToAsk(this.options.signIn, this.options.logger) : Promise.resolve({ request: opts.signIn, onConnect: undefined })
    let signIn: { request: SiwxConnectRequest; onConnect: SiwxOnConnect | undefined } | undefined
    const pairing$ = new ReplaySubject<Pairing>(1)
    let settled = false
    let refresh: Subscription | undefined
    let resolveSession!: (s: WalletConnectSession) => void
    let rejectSession!: (e: unknown) => void
    const session = new Promise<WalletConnectSession>((resolve, reject) => {
      resolveSession = resolve
      rejectSession = reject
    })
    // Callers may only look at pairing$; an unobserved rejection must not surface as unhandled.
    session.catch(() => undefined)

    let onUri: ((uri: string) => void) | undefined
    // The relay watch: a QR on its way or the relay link down is a wait on the relay, and
    // RELAY_WAIT_MS of it ends the attempt (the view offers a fresh one).
    let awaitingUri = false
    let relayDown = false
    let relayWait: Subscription | undefined
    let relayer: Provider['client']['core']['relayer'] | undefined
    const onRelayDown = (): void => {
      relayDown = true
      watchRelay()
    }
    const onRelayUp = (): void => {
      relayDown = false
      watchRelay()
    }
    const watchRelay = (): void => {
      if (settled) return
      if (awaitingUri || relayDown) {
        relayWait ??= timer(RELAY_WAIT_MS, this.options.scheduler).subscribe(() => fail(new RelayUnreachableError()))
      } else {
        relayWait?.unsubscribe()
        relayWait = undefined
      }
    }
    // Pairings that existed before this attempt: a proposal of an earlier attempt that hung on the
    // relay may still announce its URI once the relay is back; approving it would connect nobody.
    let earlierTopics: ReadonlySet<string> = new Set()

    const finish = (provider: Provider | undefined): void => {
      settled = true
      refresh?.unsubscribe()
      relayWait?.unsubscribe()
      if (provider && onUri) provider.removeListener('display_uri', onUri)
      relayer?.off('relayer_disconnect', onRelayDown)
      relayer?.off('relayer_connect', onRelayUp)
      pairing$.complete()
      if (this.currentAttempt === attempt) this.currentAttempt = undefined
    }
    const fail = (error: RelayUnreachableError): void => {
      if (settled) return
      this.options.logger.warn('WalletConnect relay unreachable', error)
      finish(this.provider)
      rejectSession(error)
    }

    const startPairing = (provider: Provider): void => {
      awaitingUri = true
      watchRelay()
      this.propose(provider, signIn?.request)
        .then(async (approved) => {
          if (settled || !approved) return
          const described = await describeSession(provider, approved.session)
          // Stored before the session is reported: sign-in then finds it and asks nothing.
          if (approved.signIn !== undefined) await signIn?.onConnect?.accept(approved.signIn.request, approved.signIn.sessions)
          if (settled) return
          finish(provider)
          resolveSession(approved.signIn === undefined ? described : { ...described, signIn: approved.signIn })
        })
        .catch((e: unknown) => {
          // A superseded pairing's proposal expiring is not this attempt's failure.
          if (settled || e instanceof WalletConnectCancelledError) return
          const error = toPairingError(e)
          this.options.logger.warn('WalletConnect pairing failed', error)
          finish(provider)
          rejectSession(error)
        })
    }

    const cancel = (): void => {
      if (settled) return
      finish(this.provider)
      rejectSession(new WalletConnectCancelledError())
      // Unsubscribes the unpaired topics and resolves when done (deletePairings: true would leave
      // it to the expirer, which talks to the relay later, even after close()).
      this.pendingCleanup = this.provider?.cleanupPendingPairings().catch(() => undefined)
    }
    const attempt: NonNullable<typeof this.currentAttempt> = {
      cancel,
      handle: { pairing$: pairing$.asObservable(), uri$: pairing$.pipe(map((p) => p.uri)), session, cancel },
    }
    this.currentAttempt = attempt

    Promise.all([this.load(), signingIn])
      .then(([provider, asked]) => {
        if (settled) return
        signIn = asked
        earlierTopics = pairingTopics(provider)
        relayer = provider.client.core.relayer
        relayer.on('relayer_disconnect', onRelayDown)
        relayer.on('relayer_connect', onRelayUp)
        onUri = (uri: string) => {
          if (settled || earlierTopics.has(topicOf(uri))) return
          awaitingUri = false
          watchRelay()
          const pairing = createPairing(uri, this.options.clock.now())
          attempt.latest = pairing
          pairing$.next(pairing)
          refresh?.unsubscribe()
          const dueMs = Math.max(0, pairing.expiresAtMs - PAIRING_EXPIRY_MARGIN_MS - this.options.clock.now())
          refresh = timer(dueMs, this.options.scheduler).subscribe(() => {
            if (settled) return
            const decision = this.options.pairingExpiring?.() ?? 'refresh'
            // The answer may already have stopped the attempt (through cancel()).
            if (decision === 'stop') cancel()
            else if (!settled) startPairing(provider)
          })
        }
        provider.on('display_uri', onUri)
        startPairing(provider)
      })
      .catch((e: unknown) => {
        if (settled) return
        const error = new WalletRequestError('failed', WALLETCONNECT_LOAD_FAILED, { cause: e })
        this.options.logger.warn('WalletConnect failed to load', e)
        finish(undefined)
        rejectSession(error)
      })

    return attempt.handle
  }

  /**
   * One proposal: the session proposal, or with an eip155 sign-in request one-click sign-in's
   * authenticate request (walletconnect-sign-in.ts).
   */
  private async propose(provider: Provider, signIn: SiwxConnectRequest | undefined): Promise<ApprovedProposal | undefined> {
    const optionalNamespaces = requestedNamespaces(this.options.networks, this.options.namespaces)
    const eip155 = optionalNamespaces.eip155
    if (signIn === undefined || signIn.namespace !== 'eip155' || eip155 === undefined || signIn.chainIds.length === 0) {
      const session = await provider.connect({ optionalNamespaces })
      return session === undefined ? undefined : { session: session as SessionLike }
    }
    return authenticate(provider, signIn, optionalNamespaces, eip155.methods, this.options.logger)
  }

  /**
   * Whether a running attempt may be reused: the domain's pairing rule decides. An attempt still
   * preparing its first pairing has nothing that could have expired. The rule's fresh pairing is
   * not used: a new attempt's URI only exists once the SDK has made its proposal (display_uri).
   */
  private reusable(latest: Pairing | undefined): boolean {
    if (latest === undefined) return true
    return reuseOrCreatePairing(latest, () => '', this.options.clock.now()).reused
  }

  /** Ends the session on both sides (the wallet gets session_delete). Never rejects. */
  async disconnect(): Promise<void> {
    this.currentAttempt?.cancel()
    await this.sdk.disconnect()
  }

  /**
   * Closes the SDK's relay connection and timers (page teardown, tests). The session stays
   * persisted for restore() in the next page load. Never rejects.
   */
  async close(): Promise<void> {
    this.currentAttempt?.cancel()
    this.requests.close()
    // The cancelled pairing's cleanup talks to the relay; closed before it ends, the relayer would
    // open a new connection for it.
    await this.pendingCleanup
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
