import { BehaviorSubject, distinctUntilChanged, map, type Observable, type Subscription } from 'rxjs'
import type { ResolvedSiwxConfig } from '../../domain/siwx/siwx-config'
import type { CaipNetworkId, SiwxSession } from '../../domain/entities'
import { NoActiveCaipAddressError } from '../../domain/errors'
import { AUTH_CONNECTOR_ID } from '../../domain/connection/connectors'
import { siwxMessageData } from '../../domain/siwx/siwx-message-data'
import { needsSignIn, sessionMismatch, signatureFailureSnack, siwxCancelOutcome } from '../../domain/siwx/siwx-rules'
import type { SiwxSessionFilter } from '../../domain/siwx/siwx-storage'
import type { ChainFamilies } from '../../ports/chain-family'
import type { Clock } from '../../ports/clock'
import type { Logger } from '../../ports/logger'
import type { SiwxMessengers, SiwxNonces, SiwxStorage } from '../../ports/siwx'
import type { ConnectedState, ConnectionStore } from '../connection-store'
import type { EventReporter } from '../connection/report-event'
import type { ModalStore } from '../modal-store'
import type { SnackStore } from '../snack-store'
import type { SiwxHandle, SiwxState } from './siwx-state'

export interface SignInWithXDeps {
  readonly config: ResolvedSiwxConfig
  readonly connection: ConnectionStore
  readonly modal: ModalStore
  readonly families: ChainFamilies
  readonly storage: SiwxStorage
  readonly messengers: SiwxMessengers
  readonly nonces: SiwxNonces
  readonly clock: Clock
  readonly snack: SnackStore
  readonly events: EventReporter
  readonly logger: Logger
  /** Ends every connected wallet's connection. */
  readonly disconnect: () => Promise<void>
  /** The CAIP-2 ids of the networks the host configured: sign-in is asked only there. */
  readonly supportedNetworkIds: readonly string[]
  /** The page's `location.host` and `location.origin`, read when a message is built (never at creation). */
  readonly page: () => { readonly host: string; readonly origin: string }
}

/** A signed session that is not the one asked for, or whose signature did not verify. */
export class SiwxVerificationError extends Error {
  override readonly name = 'SiwxVerificationError' as const
  readonly code = 'SIWX_VERIFICATION_FAILED' as const
  constructor(readonly reason: string) {
    super(`The signed sign-in message did not verify (${reason})`)
  }
}

/** The family has no sign-in message format (yet). */
export class SiwxUnsupportedFamilyError extends Error {
  override readonly name = 'SiwxUnsupportedFamilyError' as const
  readonly code = 'SIWX_UNSUPPORTED_FAMILY' as const
  constructor(readonly namespace: string) {
    super(`Sign-in is not available for ${namespace} accounts`)
  }
}

type Account = ConnectedState

/**
 * Sign in with the wallet (spec section 4). After a connection on a configured network with no
 * session in force for that address and network, the SIWXSignMessage view opens; a switch of
 * account or network asks again unless that pair has a session. Signing builds the family's message
 * (fresh nonce, times from the Clock), asks the wallet through its chain family, checks the answer
 * (what was asked, then the signature: the host's `verify` or the family's) and only then stores
 * it. A failed signature keeps the view open with "Signature declined" (a smart account: "This
 * application might not support Smart Accounts"); a failure to prepare the message shows "A problem
 * occurred while trying initialize authentication" and disconnects. Cancel disconnects when sign-in
 * is required, else just closes; the view then resets to Connect.
 */
export class SignInWithX implements SiwxHandle {
  private readonly subject = new BehaviorSubject<SiwxState>({ status: 'signed-out' })
  readonly state$: Observable<SiwxState> = this.subject.asObservable()
  private subscription: Subscription | undefined
  /** Bumped on every account or network change: an answer for an older one is dropped. */
  private generation = 0
  private account: Account | undefined
  private signing: Promise<SiwxSession> | undefined

  constructor(private readonly deps: SignInWithXDeps) {}

  get snapshot(): SiwxState {
    return this.subject.value
  }

  /** Follows the active account (idempotent). */
  start(): void {
    this.subscription ??= this.deps.connection.state$
      .pipe(
        map((state) => (state.status === 'connected' ? state : undefined)),
        distinctUntilChanged(
          (a, b) => a?.namespace === b?.namespace && a?.address.toLowerCase() === b?.address.toLowerCase() && a?.caipNetworkId === b?.caipNetworkId,
        ),
      )
      .subscribe((account) => void this.accountChanged(account))
  }

  dispose(): void {
    this.subscription?.unsubscribe()
    this.subscription = undefined
    this.generation++
  }

  getSessions(filter: SiwxSessionFilter = {}): Promise<SiwxSession[]> {
    return this.deps.storage.get(filter)
  }

  /** Signs in the active account; rejects with what went wrong (the view shows the spec's words). */
  signIn(): Promise<SiwxSession> {
    this.signing ??= this.runSignIn().finally(() => (this.signing = undefined))
    return this.signing
  }

  /** Forgets the active account's sessions; with sign-in required the wallet is disconnected too. */
  async signOut(): Promise<void> {
    const account = this.account
    if (account !== undefined) await this.deps.storage.delete({ address: account.address })
    this.set({ status: 'signed-out' })
    if (this.deps.config.required && account !== undefined) await this.deps.disconnect()
  }

  /** The person dismissed the sign view. */
  async cancel(): Promise<void> {
    const outcome = siwxCancelOutcome(this.deps.config.required)
    this.deps.events.report('siwx_cancel', { required: this.deps.config.required })
    if (outcome.disconnect) await this.deps.disconnect()
    this.deps.modal.close()
    this.deps.modal.reset(outcome.resetTo)
  }

  private async accountChanged(account: Account | undefined): Promise<void> {
    const generation = ++this.generation
    const previous = this.account
    this.account = account
    if (account === undefined) {
      this.set({ status: 'signed-out' })
      if (previous !== undefined && this.deps.config.signOutOnDisconnect) {
        await this.deps.storage.delete({ address: previous.address }).catch((error: unknown) => this.deps.logger.warn('Walletgate: the sign-in sessions could not be deleted', error))
      }
      return
    }
    const supported = this.deps.supportedNetworkIds.includes(account.caipNetworkId)
    let sessions: SiwxSession[] = []
    if (supported) {
      try {
        sessions = await this.deps.storage.get({ caipNetworkId: account.caipNetworkId as CaipNetworkId, address: account.address })
      } catch (error) {
        this.deps.logger.warn('Walletgate: the sign-in sessions could not be read', error)
      }
    }
    if (generation !== this.generation) return
    const session = sessions[0]
    if (!needsSignIn({ siwxEnabled: true, networkSupported: supported, sessions, nowMs: this.deps.clock.now() })) {
      this.set(session === undefined ? { status: 'signed-out' } : { status: 'signed-in', session })
      if (this.deps.modal.view === 'SIWXSignMessage') this.deps.modal.close()
      return
    }
    this.set({ status: 'signed-out' })
    if (account.connectorId === AUTH_CONNECTOR_ID) {
      // The embedded wallet signs the sign-in message as part of connecting, without a second
      // prompt; the sign view shows only when that fails.
      this.signIn().catch(() => {
        if (generation === this.generation) this.showSignView()
      })
      return
    }
    this.showSignView()
  }

  private showSignView(): void {
    const { modal } = this.deps
    if (!modal.snapshot.open) modal.open({ view: 'SIWXSignMessage' }, true)
    else if (modal.view !== 'SIWXSignMessage') modal.reset('SIWXSignMessage')
  }

  private async runSignIn(): Promise<SiwxSession> {
    const account = this.account ?? connectedAccount(this.deps.connection)
    if (account === undefined) throw new NoActiveCaipAddressError()
    const generation = this.generation
    this.set({ status: 'signing' })
    let prepared: { session: Omit<SiwxSession, 'signature'>; verify: (s: SiwxSession) => Promise<boolean> }
    try {
      prepared = await this.prepare(account)
    } catch (error) {
      this.set({ status: 'signed-out' })
      this.deps.logger.warn('Walletgate: sign-in could not start', error)
      this.deps.events.report('siwx_error', { stage: 'prepare', message: messageOf(error) }, account.address)
      this.deps.snack.showMessage('authenticationInitFailed')
      await this.deps.disconnect()
      throw error
    }
    try {
      const family = this.deps.families.get(account.namespace)
      if (family === undefined) throw new SiwxUnsupportedFamilyError(account.namespace)
      const signature = await family.signMessage(account.connectorId, account.address, prepared.session.message)
      this.deps.snack.showMessage('authenticating', 'loading')
      const session: SiwxSession = { ...prepared.session, signature }
      const mismatch = sessionMismatch(session, expectationOf(prepared.session), this.deps.clock.now())
      if (mismatch !== undefined) throw new SiwxVerificationError(mismatch)
      if (!(await prepared.verify(session))) throw new SiwxVerificationError('signature')
      await this.deps.storage.add(session)
      this.deps.snack.hide()
      if (generation === this.generation) {
        this.set({ status: 'signed-in', session })
        if (this.deps.modal.view === 'SIWXSignMessage') this.deps.modal.close()
      }
      this.deps.events.report('siwx_success', { caipNetworkId: session.data.chainId }, account.address)
      return session
    } catch (error) {
      if (generation === this.generation) this.set({ status: 'signed-out' })
      this.deps.logger.warn('Walletgate: sign-in failed', error)
      this.deps.events.report('siwx_error', { stage: 'sign', message: messageOf(error) }, account.address)
      this.deps.snack.showMessage(signatureFailureSnack(account.accountType))
      if (generation === this.generation) this.showSignView()
      throw error
    }
  }

  /** The message to sign and how its answer is checked; rejects when sign-in cannot start. */
  private async prepare(account: Account): Promise<{ session: Omit<SiwxSession, 'signature'>; verify: (s: SiwxSession) => Promise<boolean> }> {
    const { config, clock } = this.deps
    const messenger = await this.deps.messengers.get(account.namespace)
    if (messenger === undefined) throw new SiwxUnsupportedFamilyError(account.namespace)
    const nonce = await this.deps.nonces.next()
    const page = config.domain === undefined || config.uri === undefined ? this.deps.page() : undefined
    const data = siwxMessageData({
      accountAddress: account.address,
      chainId: account.caipNetworkId as CaipNetworkId,
      domain: config.domain ?? page?.host ?? '',
      uri: config.uri ?? page?.origin ?? '',
      nonce,
      statement: config.statement,
      nowMs: clock.now(),
      expiresInMs: config.expiresInMs,
    })
    const message = messenger.createMessage(data)
    const verify = config.verify ?? ((session: SiwxSession) => messenger.verify(session, clock.now()))
    return { session: { data, message }, verify }
  }

  private set(state: SiwxState): void {
    const current = this.subject.value
    if (current.status !== state.status || current.session !== state.session) this.subject.next(state)
  }
}

function connectedAccount(connection: ConnectionStore): Account | undefined {
  const state = connection.snapshot
  return state.status === 'connected' ? state : undefined
}

function expectationOf(session: Omit<SiwxSession, 'signature'>) {
  const { accountAddress, chainId, domain, uri, nonce } = session.data
  return { accountAddress, chainId, domain, uri, nonce }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
