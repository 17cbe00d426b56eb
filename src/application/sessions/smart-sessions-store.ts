import { BehaviorSubject, type Observable } from 'rxjs'
import { failure, type Failure } from '../../domain/failure'
import { activeSessions, RevokeSessionError, SmartSessionsListError, type SmartSession } from '../../domain/sessions/smart-sessions'
import { HttpError, ServiceTimeoutError, ServiceUnreachableError } from '../../ports/http-errors'
import type { Logger } from '../../ports/logger'
import type { SessionKeyWallet, SmartSessionsApi } from '../../ports/smart-sessions'
import type { ConnectionStore } from '../connection-store'
import { featureFamily } from '../../domain/feature-constants'

export type SmartSessionsState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready'
      readonly sessions: readonly SmartSession[]
      /** The pci of the session being revoked: its button and the others wait. */
      readonly revoking?: string
      /** Why the last revoke failed, as the words to show. */
      readonly revokeError?: Failure
    }
  | { readonly status: 'error'; readonly error: Failure }

export interface SmartSessionsStoreDeps {
  readonly connection: Pick<ConnectionStore, 'account'>
  readonly api: SmartSessionsApi
  readonly wallet: SessionKeyWallet
  readonly logger: Pick<Logger, 'warn'>
}

/**
 * The connected smart account's active sessions (read from chain state by the sessions service)
 * and their revocation: the owner removes the key by a transaction the visitor confirms in the
 * wallet, the service confirms the key is gone, and the list is read again.
 */
export class SmartSessionsStore {
  private readonly state = new BehaviorSubject<SmartSessionsState>({ status: 'idle' })
  /** Bumped by every load: an answer for an older one is dropped. */
  private generation = 0
  readonly state$: Observable<SmartSessionsState> = this.state.asObservable()

  constructor(private readonly deps: SmartSessionsStoreDeps) {}

  get snapshot(): SmartSessionsState {
    return this.state.value
  }

  /** Reads the list for the connected EVM account. */
  async load(): Promise<void> {
    const ticket = ++this.generation
    const account = this.deps.connection.account(featureFamily('smartSessions'))
    if (account === undefined) {
      this.state.next({ status: 'error', error: listFailure('unavailable') })
      return
    }
    this.state.next({ status: 'loading' })
    try {
      const sessions = activeSessions(await this.deps.api.list(account.address))
      if (ticket === this.generation) this.state.next({ status: 'ready', sessions })
    } catch (error) {
      this.deps.logger.warn('Walletgate: the smart sessions could not be loaded', error)
      if (ticket !== this.generation) return
      this.state.next({ status: 'error', error: listFailure(error instanceof SmartSessionsListError ? error.reason : 'unavailable') })
    }
  }

  /** Revokes one session; a second call while one is under way does nothing (double clicks). */
  async revoke(pci: string): Promise<void> {
    const current = this.state.value
    if (current.status !== 'ready' || current.revoking !== undefined) return
    const session = current.sessions.find((s) => s.pci === pci)
    const account = this.deps.connection.account(featureFamily('smartSessions'))
    if (session === undefined || account === undefined) return
    this.state.next({ status: 'ready', sessions: current.sessions, revoking: pci })
    try {
      const hash = await this.deps.wallet.removeSessionKey(account.connectorId, { account: account.address, key: session.key, chainId: session.chainId })
      // The owner's removal is what the service checks on chain; its hash names it.
      await this.deps.api.confirmRevoked(account.address, { pci, signature: hash })
    } catch (error) {
      this.deps.logger.warn('Walletgate: the session could not be revoked', error)
      const latest = this.state.value
      if (latest.status === 'ready') this.state.next({ status: 'ready', sessions: latest.sessions, revokeError: revokeFailure(error) })
      return
    }
    await this.load()
  }
}

/** A revoke failure as the words to show (never a status line or a path). */
function revokeFailure(error: unknown): Failure {
  if (error instanceof HttpError) return failure(error.status === 409 ? 'sessions.stillGranted' : 'sessions.notConfirmed')
  const kind = typeof error === 'object' && error !== null ? (error as { kind?: unknown }).kind : undefined
  if (kind === 'rejected') return failure('sessions.declined')
  // The session key wallet refuses a revoke only for a session on another network.
  if (error instanceof RevokeSessionError) return failure('sessions.otherNetwork')
  if (error instanceof ServiceUnreachableError || error instanceof ServiceTimeoutError) return failure('sessions.unreachable')
  return failure('sessions.notRevoked')
}

function listFailure(reason: SmartSessionsListError['reason']): Failure {
  return failure(reason === 'malformed' ? 'sessions.listMalformed' : 'sessions.listUnavailable')
}
