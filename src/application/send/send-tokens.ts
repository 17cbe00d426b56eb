/**
 * SendTokens (spec sections 3 and 4, "Sending"; issue 8): the Send form, its review and the one
 * transaction it sends.
 *
 * - Every rule is checked before any signature: the domain's send-form rules ("An amount and
 *   receiver address are required", "A token is required", "Unsupported chain", "Invalid
 *   address", the amount's own messages, "Insufficient funds"), then the network fee is
 *   estimated (a failure says so) and the fee counted against the native balance.
 * - A receiver may be a registered name; it is resolved through the name service and the resolved
 *   address is shown.
 * - `confirm()` sends once: a second call while a request is in flight does nothing.
 * - The wallet step is the ApproveTransaction view of the approval stack. A rejection says
 *   "Transaction rejected"; any failure keeps the form as it was and goes back to the review.
 * - On success: a pending activity entry, a success snack, balances refetched with forceUpdate,
 *   the form reset, back to Account.
 */
import {
  BehaviorSubject,
  Subject,
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
import { NAME_SERVICE_ZONE } from '../../domain/constants'
import type { CaipNetworkId, ChainNamespace, NameProfile, TokenBalance } from '../../domain/entities'
import {
  InsufficientFundsError,
  InvalidAddressError,
  InvalidAmountError,
  NoActiveCaipAddressError,
  ResolveNameError,
  TransactionRejectedError,
  UnsupportedChainError,
  VALIDATION_MESSAGES,
  isDomainError,
} from '../../domain/errors'
import { isNativeToken, tokenBalanceUnits, tokenDecimals } from '../../domain/balances/token-balances'
import { fiatValue, formatBalance, formatUnitsExact, parseAmountInput } from '../../domain/format/amount'
import { nameCoinType } from '../../domain/names/coin-type'
import { createPendingTransaction } from '../../domain/transactions/pending-transaction'
import { isEvmAddress } from '../../domain/validation/addresses'
import { validateSendForm } from '../../domain/validation/send-form'
import type { Analytics } from '../../ports/analytics'
import type { BlockchainApi } from '../../ports/blockchain-api'
import type { Clock } from '../../ports/clock'
import { isAbortError } from '../../ports/http-errors'
import type { Logger } from '../../ports/logger'
import {
  UnsupportedTransferChainError,
  type GasEstimate,
  type TokenTransfers,
  type TransferRequest,
} from '../../ports/token-transfers'
import type { ActivityStore } from '../activity/activity-store'
import type { ConnectionState } from '../connection-store'
import type { ModalStore } from '../modal-store'
import type { SendBalanceSource, SendNotifier } from './collaborators'
import type { TransactionApprovals } from './transaction-approvals'

/** Typing pauses this long before a name is looked up (Walletgate's own number). */
export const NAME_RESOLVE_DEBOUNCE_MS = 300
/**
 * "Max" of the native token leaves the estimated fee plus this margin in percent, so a fee that
 * rises a little between the estimate and the wallet's own still fits (Walletgate's own number).
 */
export const MAX_FEE_MARGIN_PERCENT = 20n

export interface SendForm {
  readonly token?: TokenBalance
  /** What the person typed or pasted. */
  readonly amount: string
  /** An address or a registered name. */
  readonly receiver: string
}

export type ReceiverState =
  | { readonly status: 'empty' }
  /** The receiver is typed as an address. */
  | { readonly status: 'address'; readonly address: string }
  | { readonly status: 'resolving'; readonly name: string }
  | { readonly status: 'resolved'; readonly name: string; readonly address: string }
  | { readonly status: 'unresolved'; readonly name: string; readonly message: string }

type ResolvedReceiver = Extract<ReceiverState, { status: 'resolved' | 'unresolved' }>

/** A checked transfer, ready for the wallet. */
export interface SendPlan {
  readonly request: TransferRequest
  readonly token: TokenBalance
  /** The amount as a plain decimal string ("10.5"). */
  readonly amount: string
  readonly receiverAddress: string
  readonly receiverName?: string
  /** Fiat value of the amount, 2 decimals ("26.25"), when the token has a price. */
  readonly fiat?: string
  /** The estimated network fee in the native token, for display ("0.001" or "< 0.001"). */
  readonly fee: string
  readonly feeSymbol: string
  readonly feeFiat?: string
  readonly gas: GasEstimate
}

export interface SendTokensState {
  /**
   * editing: the form is being filled in; checking: the review is being prepared (name,
   * rules, fee); ready: `plan` holds a checked transfer; sending: the wallet has the request.
   */
  readonly status: 'editing' | 'checking' | 'ready' | 'sending'
  readonly form: SendForm
  readonly receiver: ReceiverState
  /** Fiat value of the typed amount, 2 decimals, when computable. */
  readonly fiat?: string
  readonly plan?: SendPlan
  /** The message to show (a rule, the fee estimate or the wallet's failure). */
  readonly error?: string
  /** Set after a send until the form is edited: the hash of the last transaction sent. */
  readonly lastHash?: string
}

export interface SendTokensDeps {
  readonly connection: { readonly state$: Observable<ConnectionState>; readonly snapshot: ConnectionState }
  readonly balances: SendBalanceSource
  readonly api: Pick<BlockchainApi, 'lookUpName'>
  readonly transfers: Pick<TokenTransfers, 'estimate' | 'send'>
  readonly approvals: TransactionApprovals
  readonly activity: Pick<ActivityStore, 'addPending'>
  readonly modal: Pick<ModalStore, 'push' | 'reset' | 'view'>
  readonly notifier: SendNotifier
  readonly clock: Clock
  readonly scheduler: SchedulerLike
  readonly logger: Logger
  readonly analytics?: Pick<Analytics, 'sendEvent'>
  /** Native currency of each configured network, by CAIP-2 id. */
  readonly nativeCurrencies?: Readonly<Record<string, { symbol: string; decimals: number }>>
}

const SEND_FLOW_VIEWS: readonly string[] = ['Send', 'SendPreview', 'ApproveTransaction']

const EMPTY_FORM: SendForm = { amount: '', receiver: '' }
const INITIAL: SendTokensState = { status: 'editing', form: EMPTY_FORM, receiver: { status: 'empty' } }

interface Connected {
  readonly namespace: ChainNamespace
  readonly address: string
  readonly caipNetworkId: CaipNetworkId
}

export class SendTokens {
  private readonly subject = new BehaviorSubject<SendTokensState>(INITIAL)
  readonly state$: Observable<SendTokensState> = this.subject.asObservable()
  private readonly receiverInput = new Subject<string>()
  private readonly subscriptions: Subscription[] = []
  private inFlight = false
  private approvalCount = 0

  constructor(private readonly deps: SendTokensDeps) {
    this.subscriptions.push(
      this.receiverInput
        .pipe(
          debounceTime(NAME_RESOLVE_DEBOUNCE_MS, deps.scheduler),
          switchMap((text) => (looksLikeName(text) ? from(this.resolveName(text)) : of(undefined))),
        )
        .subscribe((resolution) => {
          if (resolution && this.subject.value.form.receiver.trim() === resolution.input) {
            this.patch({ receiver: resolution.state })
          }
        }),
      // A new account or network resets the form (spec section 4, network switch; disconnect).
      deps.connection.state$
        .pipe(
          map((s) => (s.status === 'connected' ? `${s.caipAddress}|${s.caipNetworkId}` : '')),
          distinctUntilChanged(),
        )
        .subscribe(() => {
          if (!this.inFlight) this.reset()
        }),
      // Keep the chosen token's quantity fresh when balances are refetched.
      deps.balances.balances$.subscribe((balances) => {
        const token = this.subject.value.form.token
        if (!token) return
        const fresh = balances.find((b) => sameToken(b, token))
        if (fresh && fresh !== token) this.patchForm({ token: fresh }, false)
      }),
    )
  }

  get snapshot(): SendTokensState {
    return this.subject.value
  }

  /** The tokens the person can pick (the account's balances on its network). */
  get tokens$(): Observable<readonly TokenBalance[]> {
    return this.deps.balances.balances$
  }

  get tokens(): readonly TokenBalance[] {
    return this.deps.balances.balances
  }

  selectToken(token: TokenBalance | undefined): void {
    this.patchForm(token === undefined ? { token: undefined } : { token })
  }

  setAmount(text: string): void {
    this.patchForm({ amount: text })
  }

  setReceiver(text: string): void {
    this.patchForm({ receiver: text })
    const trimmed = text.trim()
    if (trimmed === '') this.patch({ receiver: { status: 'empty' } })
    else if (isEvmAddress(trimmed)) this.patch({ receiver: { status: 'address', address: trimmed } })
    else if (looksLikeName(trimmed)) this.patch({ receiver: { status: 'resolving', name: trimmed } })
    else this.patch({ receiver: { status: 'unresolved', name: trimmed, message: new InvalidAddressError().message } })
    this.receiverInput.next(trimmed)
  }

  /**
   * Fills in the whole balance; for the native token it leaves the estimated network fee
   * (plus a small margin) so the transfer can pay for itself.
   */
  async setMax(): Promise<void> {
    const state = this.subject.value
    const token = state.form.token
    if (!token || state.status === 'sending') return
    const balance = tokenBalanceUnits(token)
    const decimals = tokenDecimals(token)
    if (!isNativeToken(token)) {
      this.patchForm({ amount: formatUnitsExact(balance, decimals) })
      return
    }
    const connected = this.connected()
    if (!connected) return this.fail(new NoActiveCaipAddressError().message)
    const receiver = state.receiver
    const to =
      receiver.status === 'address' || receiver.status === 'resolved' ? receiver.address : connected.address
    try {
      const estimate = await this.deps.transfers.estimate({
        chainId: connected.caipNetworkId,
        from: connected.address,
        to,
        amount: 0n,
      })
      const reserve = (estimate.fee * (100n + MAX_FEE_MARGIN_PERCENT)) / 100n
      const max = balance > reserve ? balance - reserve : 0n
      this.patchForm({ amount: formatUnitsExact(max, decimals) })
    } catch (error) {
      this.fail(this.messageOf(error))
    }
  }

  /**
   * Checks everything a transfer needs without asking for a signature, estimates the fee and
   * shows the review (SendPreview). Resolves true when the review is shown.
   */
  async review(): Promise<boolean> {
    const state = this.subject.value
    if (state.status === 'checking' || state.status === 'sending') return false
    const connected = this.connected()
    if (!connected) {
      this.fail(new NoActiveCaipAddressError().message)
      return false
    }
    this.patch({ status: 'checking', error: undefined, plan: undefined })
    const form = state.form
    const typed = form.receiver.trim()

    // An amount of zero is refused before anything is looked up or estimated.
    const amount = form.token ? parseAmountInput(form.amount, tokenDecimals(form.token)) : undefined
    if (amount?.ok && amount.value <= 0n) {
      return this.failChecking(new InvalidAmountError(VALIDATION_MESSAGES.sendAmountNotPositive).message)
    }

    let receiverAddress = typed
    let receiverName: string | undefined
    if (form.amount.trim() !== '' && typed !== '' && form.token && !isEvmAddress(typed) && looksLikeName(typed)) {
      const resolution = await this.resolveName(typed)
      if (this.subject.value.form !== form) return this.abandon()
      this.patch({ receiver: resolution.state })
      if (resolution.state.status !== 'resolved') return this.failChecking(resolution.state.message)
      receiverAddress = resolution.state.address
      receiverName = resolution.state.name
    }

    const invalid = validateSendForm({
      token: form.token,
      amount: form.amount,
      receiverAddress,
      namespace: connected.namespace,
    })
    if (invalid) return this.failChecking(invalid.message)
    const token = form.token as TokenBalance
    if (token.chainId !== connected.caipNetworkId) return this.failChecking(new UnsupportedChainError().message)
    const decimals = tokenDecimals(token)
    const parsed = parseAmountInput(form.amount, decimals)
    if (!parsed.ok) return this.failChecking(parsed.error.message)
    if (parsed.value <= 0n) return this.failChecking(new InvalidAmountError().message)

    const request: TransferRequest = {
      chainId: connected.caipNetworkId,
      from: connected.address,
      to: receiverAddress,
      amount: parsed.value,
      ...(isNativeToken(token) ? {} : { token: contractAddress(token) }),
    }
    let gas: GasEstimate
    try {
      gas = await this.deps.transfers.estimate(request)
    } catch (error) {
      if (this.subject.value.form !== form) return this.abandon()
      this.deps.logger.warn('Send fee estimate failed', error)
      return this.failChecking(this.messageOf(error))
    }
    if (this.subject.value.form !== form) return this.abandon()

    const native = this.nativeBalance(connected.caipNetworkId)
    const nativeUnits = isNativeToken(token) ? tokenBalanceUnits(token) : native ? tokenBalanceUnits(native) : 0n
    const nativeNeeded = isNativeToken(token) ? parsed.value + gas.fee : gas.fee
    if (nativeNeeded > nativeUnits) return this.failChecking(new InsufficientFundsError().message)

    const nativeMeta = this.nativeMeta(connected.caipNetworkId, native ?? (isNativeToken(token) ? token : undefined))
    const feePrice = native?.price ?? (isNativeToken(token) ? token.price : undefined)
    const plan: SendPlan = {
      request,
      token,
      amount: parsed.normalized,
      receiverAddress,
      ...(receiverName === undefined ? {} : { receiverName }),
      ...(token.price > 0 ? { fiat: fiatValue(parsed.value, decimals, token.price) } : {}),
      fee: displayFee(gas.fee, nativeMeta.decimals),
      feeSymbol: nativeMeta.symbol,
      ...(feePrice !== undefined && feePrice > 0 ? { feeFiat: fiatValue(gas.fee, nativeMeta.decimals, feePrice) } : {}),
      gas,
    }
    this.patch({ status: 'ready', plan, error: undefined })
    this.deps.modal.push('SendPreview')
    return true
  }

  /**
   * Sends the reviewed transfer once. While the wallet has the request, further calls do
   * nothing. Success: pending activity entry, snack, balances refetched with forceUpdate, form
   * reset, back to Account. Failure: the form and the review stay, with the failure's message.
   */
  async confirm(): Promise<void> {
    const state = this.subject.value
    const plan = state.plan
    if (this.inFlight || state.status !== 'ready' || !plan) return
    this.inFlight = true
    this.patch({ status: 'sending', error: undefined })
    const id = `send-${++this.approvalCount}`
    this.deps.approvals.request({
      id,
      summary: summaryOf(plan),
      onSuccess: () => this.deps.modal.reset('Account'),
    })
    let sent: { hash: string; nonce?: number }
    try {
      sent = await this.deps.transfers.send(plan.request)
    } catch (error) {
      this.inFlight = false
      const message = this.messageOf(error)
      if (error instanceof TransactionRejectedError) this.deps.logger.warn('Transaction rejected in the wallet', error)
      else this.deps.logger.warn('Send failed', error)
      void this.deps.analytics?.sendEvent({
        event: error instanceof TransactionRejectedError ? 'SEND_REJECTED' : 'SEND_ERROR',
        properties: { message, token: plan.token.symbol, network: plan.request.chainId },
        address: plan.request.from,
      })
      this.patch({ status: 'ready', error: message })
      this.deps.approvals.settle(id, 'error', error)
      return
    }
    this.inFlight = false
    this.deps.activity.addPending(
      createPendingTransaction({
        hash: sent.hash,
        chain: plan.request.chainId,
        sentFrom: plan.request.from,
        sentTo: plan.receiverAddress,
        nonce: sent.nonce ?? 0,
        transfers: [
          {
            fungible_info: { name: plan.token.name, symbol: plan.token.symbol, icon: { url: plan.token.iconUrl } },
            direction: 'out',
            quantity: { numeric: plan.amount },
            ...(plan.token.price > 0 ? { price: plan.token.price } : {}),
          },
        ],
        nowMs: this.deps.clock.now(),
      }),
    )
    void this.deps.analytics?.sendEvent({
      event: 'SEND_SUCCESS',
      properties: { hash: sent.hash, token: plan.token.symbol, network: plan.request.chainId },
      address: plan.request.from,
    })
    this.deps.notifier.showSuccess(`Sent ${plan.amount} ${plan.token.symbol}`)
    try {
      void Promise.resolve(this.deps.balances.refresh({ forceUpdate: true })).catch((error: unknown) =>
        this.deps.logger.warn('Balance refresh after send failed', error),
      )
    } catch (error) {
      this.deps.logger.warn('Balance refresh after send failed', error)
    }
    this.subject.next({ ...INITIAL, lastHash: sent.hash })
    if (!this.deps.approvals.settle(id, 'success') && SEND_FLOW_VIEWS.includes(this.deps.modal.view)) {
      // The approval was cancelled while the wallet had the request, and the wallet sent it anyway:
      // the reviewed form no longer applies, so Account shows the result.
      this.deps.modal.reset('Account')
    }
  }

  /** The ApproveTransaction view's Cancel: goes back; a request the wallet already has stays in flight. */
  cancelApproval(): void {
    this.deps.approvals.cancelCurrent()
  }

  /** Clears the form (not while the wallet has a request). */
  reset(): void {
    if (this.inFlight) return
    this.subject.next(INITIAL)
  }

  dispose(): void {
    for (const s of this.subscriptions) s.unsubscribe()
  }

  // ---------------------------------------------------------------- internals

  private connected(): Connected | undefined {
    const s = this.deps.connection.snapshot
    if (s.status !== 'connected') return undefined
    return { namespace: s.namespace, address: s.address, caipNetworkId: s.caipNetworkId as CaipNetworkId }
  }

  private patch(partial: Partial<SendTokensState>): void {
    const next = { ...this.subject.value, ...partial }
    for (const key of Object.keys(partial) as (keyof SendTokensState)[]) {
      if (partial[key] === undefined) delete (next as Record<string, unknown>)[key]
    }
    this.subject.next(next)
  }

  /** Edits the form: any edit drops a prepared review and its message (unless `edit` is false). */
  private patchForm(changes: Partial<SendForm>, edit = true): void {
    const current = this.subject.value
    if (current.status === 'sending') return
    const form: SendForm = { ...current.form, ...changes }
    if (changes.token === undefined && 'token' in changes) delete (form as { token?: TokenBalance }).token
    const fiat = fiatOf(form)
    const next: SendTokensState = edit
      ? { status: 'editing', form, receiver: current.receiver }
      : { ...current, form }
    this.subject.next(fiat === undefined ? withoutFiat(next) : { ...next, fiat })
  }

  private fail(message: string): void {
    this.patch({ error: message })
  }

  private failChecking(message: string): false {
    this.patch({ status: 'editing', error: message, plan: undefined })
    return false
  }

  /** The form changed while checking: that check no longer applies. */
  private abandon(): false {
    if (this.subject.value.status === 'checking') this.patch({ status: 'editing' })
    return false
  }

  private messageOf(error: unknown): string {
    if (error instanceof UnsupportedTransferChainError) return new UnsupportedChainError().message
    if (isDomainError(error)) return error.message
    if (error instanceof Error && error.message !== '') return error.message
    return String(error)
  }

  private nativeBalance(caipNetworkId: string): TokenBalance | undefined {
    return this.deps.balances.balances.find((b) => b.chainId === caipNetworkId && isNativeToken(b))
  }

  private nativeMeta(caipNetworkId: string, native: TokenBalance | undefined): { symbol: string; decimals: number } {
    const configured = this.deps.nativeCurrencies?.[caipNetworkId]
    if (configured) return configured
    if (native) return { symbol: native.symbol, decimals: tokenDecimals(native) }
    return { symbol: 'ETH', decimals: 18 }
  }

  private async resolveName(input: string): Promise<{ input: string; state: ResolvedReceiver }> {
    const name = input.includes('.') ? input.toLowerCase() : `${input.toLowerCase()}.${NAME_SERVICE_ZONE}`
    try {
      const profile = await this.deps.api.lookUpName(name)
      const address = profile ? addressOf(profile, this.connected()?.caipNetworkId) : undefined
      if (!address) {
        return { input, state: { status: 'unresolved', name, message: new InvalidAddressError().message } }
      }
      return { input, state: { status: 'resolved', name: profile?.name ?? name, address } }
    } catch (error) {
      if (!isAbortError(error)) this.deps.logger.warn('Name resolution failed', error)
      const message = error instanceof ResolveNameError ? error.message : new ResolveNameError().message
      return { input, state: { status: 'unresolved', name, message } }
    }
  }
}

/** A receiver that is not an address but could be a registered name ("alice" or "alice.wg.id"). */
export function looksLikeName(text: string): boolean {
  return !/^0x/i.test(text) && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/i.test(text) && /[a-z]/i.test(text)
}

/** The name's address for the network's coin type, else its first address. */
function addressOf(profile: NameProfile, caipNetworkId: string | undefined): string | undefined {
  const reference = caipNetworkId?.split(':')[1]
  let coinType: string | undefined
  if (reference !== undefined && /^\d+$/.test(reference)) {
    try {
      coinType = String(nameCoinType(Number(reference)))
    } catch {
      coinType = undefined
    }
  }
  const entry = (coinType && profile.addresses[coinType]) || profile.addresses['60'] || Object.values(profile.addresses)[0]
  return entry && isEvmAddress(entry.address) ? entry.address : undefined
}

/** The plain contract address of a CAIP-10 token address (or the address itself). */
function contractAddress(token: TokenBalance): string {
  const address = token.address ?? ''
  const parts = address.split(':')
  return parts[parts.length - 1] ?? address
}

function sameToken(a: TokenBalance, b: TokenBalance): boolean {
  return a.chainId === b.chainId && (a.address ?? '').toLowerCase() === (b.address ?? '').toLowerCase() && a.symbol === b.symbol
}

function fiatOf(form: SendForm): string | undefined {
  const token = form.token
  if (!token || token.price <= 0 || form.amount.trim() === '') return undefined
  const parsed = parseAmountInput(form.amount, tokenDecimals(token))
  return parsed.ok ? fiatValue(parsed.value, tokenDecimals(token), token.price) : undefined
}

function withoutFiat(state: SendTokensState): SendTokensState {
  if (state.fiat === undefined) return state
  const { fiat: _fiat, ...rest } = state
  return rest
}

/** A fee with the balance's 3 decimals; a fee that rounds to nothing reads "< 0.001". */
export function displayFee(fee: bigint, decimals: number): string {
  const shown = formatBalance(fee, decimals)
  return fee > 0n && /^0\.0+$/.test(shown) ? '< 0.001' : shown
}

function summaryOf(plan: SendPlan) {
  return {
    title: `Send ${plan.amount} ${plan.token.symbol}`,
    rows: [
      { label: 'To', value: plan.receiverName ? `${plan.receiverName} (${plan.receiverAddress})` : plan.receiverAddress },
      { label: 'Network fee', value: `${plan.fee} ${plan.feeSymbol}` },
    ],
  }
}
