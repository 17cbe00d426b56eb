/**
 * Pairing: connect() starts an attempt whose `pairing$` replays the current pairing ({uri,
 * expiresAtMs}, 4 minutes from its creation, shown as a QR or carried by a deep link); when it has
 * 10 s left, `pairingExpiring` decides whether a fresh proposal replaces it or the attempt stops;
 * `session` resolves when the wallet approves through any of the attempt's URIs. An attempt waits
 * on the relay at most RELAY_WAIT_MS, for a URI or for the relay link to come back.
 */
import { ReplaySubject, map, timer, type Observable, type SchedulerLike, type Subscription } from 'rxjs'
import { createPairing, reuseOrCreatePairing, type Pairing } from '../../../domain/connection/pairing'
import { PAIRING_EXPIRY_MARGIN_MS } from '../../../domain/constants'
import { RELAY_WAIT_MS, RelayUnreachableError } from '../../../domain/connection/relay'
import type { Clock } from '../../../ports/clock'
import type { Logger } from '../../../ports/logger'
import { WalletRequestError } from '../../../ports/chain-family'
import type { PairingExpiryDecision } from '../../../ports/walletconnect-pairing-expiry'
import type { SiwxConnectRequest, SiwxOnConnect } from '../../../ports/siwx'
import { requestedNamespaces, type WalletConnectAsks, type WalletConnectNetwork } from './namespaces'
import { WALLETCONNECT_LOAD_FAILED, WalletConnectCancelledError, errorCode, toWalletError } from './walletconnect-errors'
import { describeSession, type Provider, type SessionLike, type WalletConnectSession } from './walletconnect-session'
import { authenticate, type ApprovedProposal } from './walletconnect-sign-in'

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

type SignInAsked = { request: SiwxConnectRequest; onConnect: SiwxOnConnect | undefined }

export interface WalletConnectPairingDeps {
  /** Loads and starts the SDK once. */
  load: () => Promise<Provider>
  /** The started SDK, or undefined before it is loaded. */
  provider: () => Provider | undefined
  networks: readonly WalletConnectNetwork[]
  namespaces: WalletConnectAsks | undefined
  /** The sign-in to ask with a connect that names none (see walletconnect-sign-in.ts). */
  signInToAsk: () => Promise<SignInAsked | undefined>
  clock: Clock
  scheduler: SchedulerLike
  logger: Logger
  pairingExpiring: (() => PairingExpiryDecision) | undefined
}

/** The topics of every pairing the SDK knows (none when it cannot say). */
function pairingTopics(provider: Provider): ReadonlySet<string> {
  try {
    return new Set(provider.client.pairing.getAll().map((p) => p.topic))
  } catch {
    return new Set()
  }
}

/** The pairing topic of a `wc:<topic>@2?...` URI. */
function topicOf(uri: string): string {
  return uri.slice(uri.indexOf(':') + 1, uri.indexOf('@'))
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

export class WalletConnectPairingAttempts {
  private currentAttempt: { cancel(): void; handle: WalletConnectPairingAttempt; latest?: Pairing } | undefined
  private pendingCleanup: Promise<unknown> | undefined

  constructor(private readonly deps: WalletConnectPairingDeps) {}

  /** The last cancelled attempt's pairing cleanup, still talking to the relay. */
  get cleanup(): Promise<unknown> | undefined {
    return this.pendingCleanup
  }

  /** Cancels the running attempt, if any. */
  cancel(): void {
    this.currentAttempt?.cancel()
  }

  /**
   * Starts a pairing attempt; a previous attempt still running is cancelled. With `reuse`, a
   * running attempt whose pairing is not expired (or still being prepared) is returned instead.
   * With `signIn` (or the one `signInToAsk` gives) the proposal is one-click sign-in's.
   */
  connect(opts: { reuse?: boolean; signIn?: SiwxConnectRequest } = {}): WalletConnectPairingAttempt {
    const running = this.currentAttempt
    if (opts.reuse && running && this.reusable(running.latest)) return running.handle
    running?.cancel()
    const signingIn: Promise<SignInAsked | undefined> =
      opts.signIn === undefined ? this.deps.signInToAsk() : Promise.resolve({ request: opts.signIn, onConnect: undefined })
    let signIn: SignInAsked | undefined
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
        relayWait ??= timer(RELAY_WAIT_MS, this.deps.scheduler).subscribe(() => fail(new RelayUnreachableError()))
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
      this.deps.logger.warn('WalletConnect relay unreachable', error)
      finish(this.deps.provider())
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
          this.deps.logger.warn('WalletConnect pairing failed', error)
          finish(provider)
          rejectSession(error)
        })
    }

    const cancel = (): void => {
      if (settled) return
      finish(this.deps.provider())
      rejectSession(new WalletConnectCancelledError())
      // Unsubscribes the unpaired topics and resolves when done (deletePairings: true would leave
      // it to the expirer, which talks to the relay later, even after close()).
      this.pendingCleanup = this.deps.provider()?.cleanupPendingPairings().catch(() => undefined)
    }
    const attempt: NonNullable<typeof this.currentAttempt> = {
      cancel,
      handle: { pairing$: pairing$.asObservable(), uri$: pairing$.pipe(map((p) => p.uri)), session, cancel },
    }
    this.currentAttempt = attempt

    Promise.all([this.deps.load(), signingIn])
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
          const pairing = createPairing(uri, this.deps.clock.now())
          attempt.latest = pairing
          pairing$.next(pairing)
          refresh?.unsubscribe()
          const dueMs = Math.max(0, pairing.expiresAtMs - PAIRING_EXPIRY_MARGIN_MS - this.deps.clock.now())
          refresh = timer(dueMs, this.deps.scheduler).subscribe(() => {
            if (settled) return
            const decision = this.deps.pairingExpiring?.() ?? 'refresh'
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
        this.deps.logger.warn('WalletConnect failed to load', e)
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
    const optionalNamespaces = requestedNamespaces(this.deps.networks, this.deps.namespaces)
    const eip155 = optionalNamespaces.eip155
    if (signIn === undefined || signIn.namespace !== 'eip155' || eip155 === undefined || signIn.chainIds.length === 0) {
      const session = await provider.connect({ optionalNamespaces })
      return session === undefined ? undefined : { session: session as SessionLike }
    }
    return authenticate(provider, signIn, optionalNamespaces, eip155.methods, this.deps.logger)
  }

  /**
   * Whether a running attempt may be reused: the domain's pairing rule decides. An attempt still
   * preparing its first pairing has nothing that could have expired. The rule's fresh pairing is
   * not used: a new attempt's URI only exists once the SDK has made its proposal (display_uri).
   */
  private reusable(latest: Pairing | undefined): boolean {
    if (latest === undefined) return true
    return reuseOrCreatePairing(latest, () => '', this.deps.clock.now()).reused
  }
}
