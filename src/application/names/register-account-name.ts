import { BehaviorSubject, EMPTY, Subject, catchError, from, map, of, startWith, switchMap, timer, type Observable, type SchedulerLike, type Subscription } from 'rxjs'
import { NAME_SERVICE_ZONE } from '../../domain/constants'
import type { CaipAddress, NameSuggestion } from '../../domain/entities'
import { InvalidChainIdError, NameSuggestionsError, RegisterNameError } from '../../domain/errors'
import { failure, failureOf, type Failure } from '../../domain/failure'
import { nameCoinType } from '../../domain/names/coin-type'
import { validateAccountName } from '../../domain/validation/account-name'
import type { Check } from '../../domain/failure'
import type { NameRegistrationApi, NamesApi } from '../../ports/blockchain/names'
import { WalletRequestError, type ChainFamilies } from '../../ports/chain-family'
import type { Clock } from '../../ports/clock'
import type { Logger } from '../../ports/logger'
import type { ConnectionState } from '../connection-store'
import { featureFamily } from '../../domain/feature-constants'

/** How long typing must pause before suggestions are asked for. */
export const NAME_SUGGESTIONS_DEBOUNCE_MS = 300

export type NameSuggestionsState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly suggestions: readonly NameSuggestion[] }
  /** "Error fetching name suggestions": the form still works without them. */
  | { readonly status: 'error'; readonly error: Failure }

export type RegisterSubmitState =
  | { readonly status: 'idle' }
  /** The wallet is asked to sign the registration message. */
  | { readonly status: 'signing' }
  /** The signed registration is posted. */
  | { readonly status: 'registering' }
  /** Back on the form with the spec's message (the service's first reason, else "Error registering name {name}"). */
  | { readonly status: 'error'; readonly error: Failure }
  | { readonly status: 'registered'; readonly name: string }

export interface RegisterAccountNameState {
  /** What the visitor typed: the label, without the zone. */
  readonly label: string
  /** The spec's rule on the label (letters, digits, hyphens, at least 4). */
  readonly validation: Check
  readonly suggestions: NameSuggestionsState
  readonly submit: RegisterSubmitState
}

export interface RegisterAccountNameDeps {
  readonly connection: { readonly state$: Observable<ConnectionState>; readonly snapshot: ConnectionState }
  readonly api: Pick<NamesApi, 'getNameSuggestions'>
  readonly registration: NameRegistrationApi
  readonly families: ChainFamilies
  /** Where the registered name is set on the account (spec section 4: the profile name is set). */
  readonly profile: { setProfileName(caipAddress: CaipAddress, name: string): void }
  readonly views: { replace(view: 'RegisterAccountNameSuccess'): void }
  readonly scheduler: SchedulerLike
  readonly clock: Clock
  readonly logger: Logger
}

const EMPTY_FORM: RegisterAccountNameState = {
  label: '',
  validation: validateAccountName(''),
  suggestions: { status: 'idle' },
  submit: { status: 'idle' },
}

/** The full name of a label in the provider's own zone: `alice` → `alice.wg.id`. */
export function fullName(label: string): string {
  return `${label.trim().toLowerCase()}.${NAME_SERVICE_ZONE}`
}

/** The label a visitor typed, without the zone if they typed it. */
function labelOf(text: string): string {
  const trimmed = text.trim()
  const suffix = `.${NAME_SERVICE_ZONE}`
  return trimmed.toLowerCase().endsWith(suffix) ? trimmed.slice(0, -suffix.length) : trimmed
}

/**
 * RegisterAccountName (spec sections 2, 4, 5): live validation of the label, debounced suggestions
 * in the provider's zone marking the taken ones, then the signed message (eip155 only, the coin
 * type from the chain id), the POST, the profile name set on the account and the success view.
 * A failure returns to the form with the spec's message.
 */
export class RegisterAccountName {
  private readonly subject = new BehaviorSubject<RegisterAccountNameState>(EMPTY_FORM)
  readonly state$: Observable<RegisterAccountNameState> = this.subject.asObservable()
  private readonly typed = new Subject<string>()
  private readonly following: Subscription
  private submitting = false

  constructor(private readonly deps: RegisterAccountNameDeps) {
    this.following = this.typed
      .pipe(
        switchMap((label) => {
          if (!validateAccountName(label).valid) return of<NameSuggestionsState>({ status: 'idle' })
          // A timer, not `of(label).pipe(debounceTime())`: a completed source flushes its debounce at once.
          return timer(NAME_SUGGESTIONS_DEBOUNCE_MS, deps.scheduler).pipe(
            switchMap(() =>
              from(deps.api.getNameSuggestions(label, { zone: NAME_SERVICE_ZONE })).pipe(
                map((suggestions): NameSuggestionsState => ({ status: 'ready', suggestions })),
                catchError((error: unknown) => {
                  deps.logger.warn('Name suggestions failed', error)
                  return of<NameSuggestionsState>({ status: 'error', error: failureOf(new NameSuggestionsError()) })
                }),
              ),
            ),
            startWith<NameSuggestionsState>({ status: 'loading' }),
          )
        }),
        catchError(() => EMPTY),
      )
      .subscribe((suggestions) => this.subject.next({ ...this.subject.value, suggestions }))
  }

  get snapshot(): RegisterAccountNameState {
    return this.subject.value
  }

  /** The visitor typed `text` (a label, or a full name in the provider's zone). */
  setLabel(text: string): void {
    if (this.submitting) return
    const label = labelOf(text)
    const last = this.subject.value
    this.subject.next({
      label,
      validation: validateAccountName(label),
      suggestions: last.suggestions,
      submit: last.submit.status === 'error' ? { status: 'idle' } : last.submit,
    })
    this.typed.next(label)
  }

  /** Starts over with an empty form (the view opens on it). */
  reset(): void {
    if (this.submitting) return
    this.subject.next(EMPTY_FORM)
    this.typed.next('')
  }

  /**
   * Signs and posts the registration of the typed label. Resolves when the flow has ended (the
   * success view shown, or the form back with its message); never rejects.
   */
  async register(): Promise<void> {
    const state = this.subject.value
    if (this.submitting || !state.validation.valid) return
    const connection = this.deps.connection.snapshot
    const name = fullName(state.label)
    if (connection.status !== 'connected' || connection.namespace !== featureFamily('names')) {
      this.setSubmit({ status: 'error', error: registerFailure(new RegisterNameError(name), name) })
      return
    }
    const family = this.deps.families.get(featureFamily('names'))
    this.submitting = true
    try {
      const chainId = Number(connection.caipNetworkId.split(':')[1])
      const coinType = nameCoinType(chainId)
      const message = JSON.stringify({ name, coinType, address: connection.address, timestamp: this.deps.clock.now() })
      this.setSubmit({ status: 'signing' })
      if (family === undefined) throw new RegisterNameError(name)
      const signature = await family.signMessage(connection.connectorId, connection.address, message)
      this.setSubmit({ status: 'registering' })
      const profile = await this.deps.registration.registerName({ name, coinType, address: connection.address, message, signature })
      this.deps.profile.setProfileName(connection.caipAddress as CaipAddress, profile.name)
      this.setSubmit({ status: 'registered', name: profile.name })
      this.deps.views.replace('RegisterAccountNameSuccess')
    } catch (error) {
      this.deps.logger.warn('Name registration failed', error)
      this.setSubmit({ status: 'error', error: registerFailure(error, name) })
    } finally {
      this.submitting = false
    }
  }

  dispose(): void {
    this.following.unsubscribe()
  }

  private setSubmit(submit: RegisterSubmitState): void {
    this.subject.next({ ...this.subject.value, submit })
  }
}

/** The words the form shows for a failed registration. */
function registerFailure(error: unknown, name: string): Failure {
  if (error instanceof WalletRequestError && error.kind === 'rejected') return failure('snack.signatureDeclined')
  if (error instanceof InvalidChainIdError) return failureOf(error)
  // The service's first reason (any message but the default), else "Error registering name {name}".
  if (error instanceof RegisterNameError && error.message !== new RegisterNameError(error.accountName).message) {
    return failure('names.serviceReason', { reason: error.message })
  }
  return failure('names.registerFailed', { name: error instanceof RegisterNameError ? error.accountName : name })
}
