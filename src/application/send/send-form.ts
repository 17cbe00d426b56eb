/**
 * SendForm (spec sections 3 and 4, "Sending"): what the person typed into the Send view, and what
 * follows from it. The typed values are the only state; the receiver (address, name being looked
 * up, resolved name), the fiat value and the form's validation are derived from them and from the
 * name service's answers.
 *
 * - The receiver is read by the connected family's rules (its wing's capabilities and address
 *   rule, asked of FamilyRules when the family connects): an address of it, or of one of its other
 *   networks, or of another family.
 * - A receiver that could be a registered name is looked up once typing pauses; the answer only
 *   counts while the receiver still reads the same.
 * - A new account or network resets the form (spec section 4, network switch; disconnect), except
 *   while the wallet has a request (`locked`).
 * - `revision` counts the person's edits: a review or a send belongs to the revision it was made
 *   for, so any edit makes it stale without anyone clearing it.
 */
import {
  BehaviorSubject,
  Subject,
  combineLatest,
  debounceTime,
  distinctUntilChanged,
  from,
  map,
  of,
  switchMap,
  type Observable,
  type SchedulerLike,
  type Subscription,
} from 'rxjs'
import { tokenDecimals } from '../../domain/balances/token-balances'
import type { FamilyRule } from '../../domain/chains/family-rules'
import type { CaipNetworkId, ChainNamespace, TokenBalance } from '../../domain/entities'
import { typedAmountFiat } from '../../domain/send/send-amount'
import type { SendError, SendFormError } from '../../domain/send/send-errors'
import { nameAddressOn, nameToLookUp, receiverKind } from '../../domain/send/send-receiver'
import { sameToken } from '../../domain/send/send-token'
import { NAME_SERVICE_ZONE } from '../../domain/constants'
import { receiverError, validateSendForm } from '../../domain/validation/send-form'
import type { EnsNames } from '../../ports/blockchain/ens-names'
import type { NamesApi } from '../../ports/blockchain/names'
import type { FamilyRules } from '../../ports/family-rules'
import { isAbortError } from '../../ports/http-errors'
import type { Logger } from '../../ports/logger'
import type { ConnectionState } from '../connection-store'
import type { SendBalanceSource } from './collaborators'

/** Typing pauses this long before a name is looked up (Walletgate's own number). */
export const NAME_RESOLVE_DEBOUNCE_MS = 300

export interface SendFormValues {
  readonly token?: TokenBalance
  /** What the person typed or pasted. */
  readonly amount: string
  /** An address or a registered name. */
  readonly receiver: string
}

export type ReceiverState =
  | { readonly status: 'empty' }
  /** The receiver is typed as an address of the connected chain family. */
  | { readonly status: 'address'; readonly address: string }
  | { readonly status: 'resolving'; readonly name: string }
  | { readonly status: 'resolved'; readonly name: string; readonly address: string }
  | { readonly status: 'unresolved'; readonly name: string; readonly error: SendError }

type NameAnswer = Extract<ReceiverState, { status: 'resolved' | 'unresolved' }>

export interface SendFormState {
  readonly values: SendFormValues
  readonly receiver: ReceiverState
  /** Fiat value of the typed amount, 2 decimals, when computable. */
  readonly fiat?: string
  /** The same value in dollars, plain ("26.25"): what a display currency converts. */
  readonly fiatUsd?: string
  /** Counts the person's edits (a balance refetch freshening the token is no edit). */
  readonly revision: number
  /** The wallet has a request: edits are ignored until it answers. */
  readonly locked: boolean
}

/** The connected account a send goes from. */
export interface SendAccount {
  readonly namespace: ChainNamespace
  readonly address: string
  readonly caipNetworkId: CaipNetworkId
}

export interface SendFormDeps {
  readonly connection: { readonly state$: Observable<ConnectionState>; readonly snapshot: ConnectionState }
  readonly balances: SendBalanceSource
  readonly api: Pick<NamesApi, 'lookUpName' | 'getNameSuggestions'>
  /** ENS (the host's `ens` chain), asked first for an EVM receiver; absent when not configured. */
  readonly ens?: Pick<EnsNames, 'addressOf'> | undefined
  /** The connected family's capabilities and address rule. */
  readonly rules: Pick<FamilyRules, 'of'>
  readonly scheduler: SchedulerLike
  readonly logger: Logger
  /** The visitor's locale: how a typed amount is read and a fiat value written. */
  readonly locale: string
}

interface Typed {
  readonly values: SendFormValues
  readonly revision: number
  readonly locked: boolean
  /** The namespace the receiver is read for (the connected one), and its network. */
  readonly namespace?: ChainNamespace
  readonly caipNetworkId?: string
}

const EMPTY_VALUES: SendFormValues = { amount: '', receiver: '' }

export class SendForm {
  private readonly typed: BehaviorSubject<Typed>
  /** The name service's latest answer and the receiver text it answers. */
  private readonly answer = new BehaviorSubject<{ readonly input: string; readonly state: NameAnswer } | undefined>(
    undefined,
  )
  /** The rules of the connected family, once its wing's part has them. */
  private readonly family = new BehaviorSubject<FamilyRule | undefined>(undefined)
  private readonly receiverTyped = new Subject<string>()
  private readonly subscriptions: Subscription[] = []
  readonly state$: Observable<SendFormState>
  /** The first broken send-form rule for the typed values (a name counts once resolved). */
  readonly validation$: Observable<SendFormError | undefined>

  constructor(private readonly deps: SendFormDeps) {
    this.typed = new BehaviorSubject<Typed>({
      values: EMPTY_VALUES,
      revision: 0,
      locked: false,
      ...namespaceOf(deps.connection.snapshot),
    })
    this.subscriptions.push(
      deps.connection.state$
        .pipe(
          map((s) => (s.status === 'connected' ? s.namespace : undefined)),
          distinctUntilChanged(),
          switchMap((namespace) => (namespace === undefined ? of(undefined) : deps.rules.of(namespace))),
        )
        .subscribe((family) => this.family.next(family)),
    )
    this.state$ = combineLatest([this.typed, this.answer, this.family]).pipe(
      map(([typed, answer]) => deriveState(typed, answer, this.familyOf(typed), deps.locale)),
      distinctUntilChanged(sameState),
    )
    this.validation$ = this.state$.pipe(
      map((state) => validationOf(state, this.familyOf(this.typed.value), this.typed.value.caipNetworkId, deps.locale)),
      distinctUntilChanged(sameError),
    )
    this.subscriptions.push(
      this.receiverTyped
        .pipe(
          debounceTime(NAME_RESOLVE_DEBOUNCE_MS, deps.scheduler),
          switchMap((text) =>
            receiverKind(text, this.familyOf(this.typed.value)) === 'name' ? from(this.lookUp(text)) : of(undefined),
          ),
        )
        .subscribe((answer) => {
          if (answer) this.record(answer)
        }),
      deps.connection.state$
        .pipe(
          map((s) => (s.status === 'connected' ? `${s.caipAddress}|${s.caipNetworkId}` : '')),
          distinctUntilChanged(),
        )
        .subscribe(() => this.reset()),
      // Keep the chosen token's quantity fresh when balances are refetched.
      deps.balances.balances$.subscribe((balances) => {
        const token = this.typed.value.values.token
        if (!token) return
        const fresh = balances.find((b) => sameToken(b, token))
        if (fresh && fresh !== token) this.typed.next({ ...this.typed.value, values: { ...this.typed.value.values, token: fresh } })
      }),
    )
  }

  get snapshot(): SendFormState {
    return deriveState(this.typed.value, this.answer.value, this.familyOf(this.typed.value), this.deps.locale)
  }

  get validation(): SendFormError | undefined {
    return validationOf(this.snapshot, this.familyOf(this.typed.value), this.typed.value.caipNetworkId, this.deps.locale)
  }

  /** The locale amounts are read and written in. */
  get locale(): string {
    return this.deps.locale
  }

  /** The tokens the person can pick (the account's balances on its network). */
  get tokens$(): Observable<readonly TokenBalance[]> {
    return this.deps.balances.balances$
  }

  get tokens(): readonly TokenBalance[] {
    return this.deps.balances.balances
  }

  /** The connected account, or undefined. */
  get account(): SendAccount | undefined {
    const s = this.deps.connection.snapshot
    if (s.status !== 'connected') return undefined
    return { namespace: s.namespace, address: s.address, caipNetworkId: s.caipNetworkId as CaipNetworkId }
  }

  selectToken(token: TokenBalance | undefined): void {
    const { token: _previous, ...rest } = this.typed.value.values
    this.edit(token === undefined ? rest : { ...rest, token })
  }

  setAmount(text: string): void {
    this.edit({ ...this.typed.value.values, amount: text })
  }

  setReceiver(text: string): void {
    if (!this.edit({ ...this.typed.value.values, receiver: text })) return
    this.receiverTyped.next(text.trim())
  }

  /**
   * Looks the typed name up now (the review does not wait for typing to pause) and records the
   * answer. Undefined when the receiver is not a name.
   */
  async resolveReceiver(): Promise<NameAnswer | undefined> {
    const typed = this.typed.value.values.receiver.trim()
    if (receiverKind(typed, this.familyOf(this.typed.value)) !== 'name') return undefined
    const answer = await this.lookUp(typed)
    this.record(answer)
    return answer.state
  }

  /** While the wallet has a request the form stays as reviewed. */
  lock(): void {
    this.typed.next({ ...this.typed.value, locked: true })
  }

  unlock(): void {
    this.typed.next({ ...this.typed.value, locked: false })
  }

  /** Clears the form (not while the wallet has a request). */
  reset(): void {
    const current = this.typed.value
    if (current.locked) return
    this.typed.next({ values: EMPTY_VALUES, revision: current.revision + 1, locked: false, ...namespaceOf(this.deps.connection.snapshot) })
  }

  dispose(): void {
    for (const s of this.subscriptions) s.unsubscribe()
  }

  /** The connected family's rules, when they are those of the namespace the form is read for. */
  private familyOf(typed: Typed): FamilyRule | undefined {
    const family = this.family.value
    return family !== undefined && family.namespace === typed.namespace ? family : undefined
  }

  private edit(values: SendFormValues): boolean {
    const current = this.typed.value
    if (current.locked) return false
    this.typed.next({ ...current, values, revision: current.revision + 1 })
    return true
  }

  private record(answer: { readonly input: string; readonly state: NameAnswer }): void {
    if (this.typed.value.values.receiver.trim() === answer.input) this.answer.next(answer)
  }

  /**
   * Whether the name service lists `name` (of its own zone) as free. Asked before the profile:
   * the profile of an unknown name is a 404, which a browser reports in its console as a failed
   * resource, while the suggestions answer 200 either way. When they cannot tell (another zone,
   * no answer), the profile is asked all the same.
   */
  private async knownFree(name: string): Promise<boolean> {
    if (!name.endsWith(`.${NAME_SERVICE_ZONE}`)) return false
    try {
      const suggestions = await this.deps.api.getNameSuggestions(name, { zone: NAME_SERVICE_ZONE })
      return suggestions.some((s) => s.name.toLowerCase() === name && !s.registered)
    } catch (error) {
      if (!isAbortError(error)) this.deps.logger.warn('Name suggestions failed; looking the name up directly', error)
      return false
    }
  }

  /**
   * The address ENS gives `name`, for an account of a family names are for (EVM): what any ENS client sees, so a name of another
   * deployment or a plain ENS name resolves too. Undefined (the name service is asked) when ENS has
   * none, is not configured, or does not answer.
   */
  private async throughEns(name: string): Promise<string | undefined> {
    const ens = this.deps.ens
    const family = this.familyOf(this.typed.value)
    // ENS names the families whose addresses the name service holds (the EVM one).
    if (ens === undefined || family === undefined || !family.capabilities.includes('names')) return undefined
    try {
      const address = await ens.addressOf(name)
      return address !== null && family.address.isAddress(address) ? address : undefined
    } catch (error) {
      if (!isAbortError(error)) this.deps.logger.warn('ENS did not answer; asking the name service', error)
      return undefined
    }
  }

  private async lookUp(input: string): Promise<{ input: string; state: NameAnswer }> {
    const name = nameToLookUp(input)
    const account = this.account
    const viaEns = await this.throughEns(name)
    if (viaEns !== undefined) return { input, state: { status: 'resolved', name, address: viaEns } }
    try {
      const profile = (await this.knownFree(name)) ? null : await this.deps.api.lookUpName(name)
      // An unknown name is an answer, not a failure: it says so in plain words.
      if (!profile) return { input, state: { status: 'unresolved', name, error: { kind: 'nameNotFound', name } } }
      const family = this.familyOf(this.typed.value)
      const address = account && family ? nameAddressOn(profile, family, account.caipNetworkId) : undefined
      if (!address) return { input, state: { status: 'unresolved', name, error: { kind: 'nameHasNoAddress', name: profile.name } } }
      return { input, state: { status: 'resolved', name: profile?.name ?? name, address } }
    } catch (error) {
      if (!isAbortError(error)) this.deps.logger.warn('Name resolution failed', error)
      // Every lookup failure reads the catalogue's one text ("Error resolving name").
      return { input, state: { status: 'unresolved', name, error: { kind: 'nameLookupFailed' } } }
    }
  }
}

function namespaceOf(state: ConnectionState): { namespace?: ChainNamespace; caipNetworkId?: string } {
  return state.status === 'connected' ? { namespace: state.namespace, caipNetworkId: state.caipNetworkId } : {}
}

function deriveState(
  typed: Typed,
  answer: { readonly input: string; readonly state: NameAnswer } | undefined,
  family: FamilyRule | undefined,
  locale: string,
): SendFormState {
  const { values } = typed
  const fiat = values.token ? typedAmountFiat(values.amount, tokenDecimals(values.token), values.token.price, locale) : undefined
  const fiatUsd = values.token ? typedAmountFiat(values.amount, tokenDecimals(values.token), values.token.price, locale, null) : undefined
  return {
    values,
    receiver: receiverOf(values.receiver.trim(), typed, family, answer),
    ...(fiat === undefined ? {} : { fiat }),
    ...(fiatUsd === undefined ? {} : { fiatUsd }),
    revision: typed.revision,
    locked: typed.locked,
  }
}

function receiverOf(
  text: string,
  typed: Typed,
  family: FamilyRule | undefined,
  answer: { readonly input: string; readonly state: NameAnswer } | undefined,
): ReceiverState {
  const { namespace } = typed
  switch (receiverKind(text, family)) {
    case 'empty':
      return { status: 'empty' }
    case 'address': {
      // An address of the family that its rule refuses on this network (another Bitcoin network's) says where it belongs.
      const refused = family === undefined ? undefined : receiverError(family, text, typed.caipNetworkId)
      return refused === undefined ? { status: 'address', address: text } : { status: 'unresolved', name: text, error: refused }
    }
    case 'name':
      return answer?.input === text ? answer.state : { status: 'resolving', name: text }
    case 'otherFamily':
      return { status: 'unresolved', name: text, error: namespace === undefined ? { kind: 'invalidAddress' } : { kind: 'wrongFamily', namespace } }
    case 'invalid':
      return { status: 'unresolved', name: text, error: { kind: 'invalidAddress' } }
  }
}

/** The send-form rules for the typed values, the receiver read as its resolved address when it has one. */
function validationOf(
  state: SendFormState,
  family: FamilyRule | undefined,
  caipNetworkId: string | undefined,
  locale: string,
): SendFormError | undefined {
  const { values, receiver } = state
  return validateSendForm({
    locale,
    amount: values.amount,
    receiverAddress: receiver.status === 'resolved' ? receiver.address : values.receiver.trim(),
    ...(values.token ? { token: values.token } : {}),
    ...(family ? { family } : {}),
    ...(caipNetworkId ? { caipNetworkId } : {}),
  })
}

function sameState(a: SendFormState, b: SendFormState): boolean {
  return (
    a.values === b.values &&
    a.revision === b.revision &&
    a.locked === b.locked &&
    a.fiat === b.fiat &&
    a.fiatUsd === b.fiatUsd &&
    JSON.stringify(a.receiver) === JSON.stringify(b.receiver)
  )
}

function sameError(a: SendFormError | undefined, b: SendFormError | undefined): boolean {
  return JSON.stringify(a) === JSON.stringify(b)
}
