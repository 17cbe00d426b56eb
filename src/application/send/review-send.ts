/**
 * ReviewSend (spec section 4, "Sending"): checks everything a transfer needs without asking for
 * a signature, estimates the network fee and shows the review (SendPreview).
 *
 * - Order: an amount of zero is refused first (before a name is looked up); a typed name is
 *   resolved; then the send-form rules ("An amount and receiver address are required", "A token is
 *   required", "Unsupported chain", "Invalid address", the amount's own rules, "Insufficient
 *   funds"); then the fee is estimated (a failure says so) and counted against the native balance.
 * - The review shows the amount exactly, in the visitor's writing, and warns about a receiver
 *   that would lose the money (zero address, the token's contract) or is the sender itself.
 * - Max fills the whole balance; for the native token it leaves the estimated fee and a margin.
 * - Its state belongs to the form revision it was made for: any edit makes it `editing` again.
 */
import { tokenTransferData } from '../../domain/signing/decode-call'
import { BehaviorSubject, combineLatest, distinctUntilChanged, map, type Observable } from 'rxjs'
import { isNativeToken, tokenBalanceUnits, tokenDecimals } from '../../domain/balances/token-balances'
import type { TokenBalance } from '../../domain/entities'
import { fiatValue, formatAmountExact, formatUnitsExact } from '../../domain/format/amount'
import { canonicalReceiver, needsAcknowledgement, sendWarnings, type SendWarning } from '../../domain/send/send-receiver-checks'
import { parseSendAmount } from '../../domain/send/send-amount'
import type { SendError } from '../../domain/send/send-errors'
import { coversNetworkFee, displayFee, maxNativeAmount } from '../../domain/send/send-fees'
import { contractAddress } from '../../domain/send/send-token'
import type { Logger } from '../../ports/logger'
import { riskWarnings, type RiskWarning } from '../../domain/preview/risk-warnings'
import type { PreviewToken, TransactionPreview, TransactionPreviewState } from '../preview/transaction-preview'
import type { GasEstimate, TokenTransfers, TransferRequest } from '../../ports/token-transfers'
import type { ModalStore } from '../modal-store'
import type { SendBalanceSource } from './collaborators'
import { sendErrorOf } from './send-failure'
import type { SendForm, SendFormState } from './send-form'
import type { SponsorshipVerdict } from '../sponsorship/gas-sponsorship'

/** A checked transfer, ready for the wallet. */
export interface SendPreview {
  readonly request: TransferRequest
  readonly token: TokenBalance
  /** The amount as a plain decimal string ("10.5"). */
  readonly amount: string
  /** The same amount, every digit, in the visitor's writing ("1,000.5"): what the review shows. */
  readonly amountText: string
  readonly receiverAddress: string
  readonly receiverName?: string
  /** Fiat value of the amount, 2 decimals ("26.25"), when the token has a price. */
  readonly fiat?: string
  /** The estimated network fee in the native token, for display ("0.001" or "< 0.001"). */
  readonly fee: string
  readonly feeSymbol: string
  readonly feeFiat?: string
  /** `fiat` and `feeFiat` in dollars, plain ("26.25"): what a display currency converts. */
  readonly fiatUsd?: string
  readonly feeFiatUsd?: string
  readonly gas: GasEstimate
  /** What the visitor must see about the receiver before sending (zero address, token contract, self). */
  readonly warnings: readonly SendWarning[]
  /** A warning that needs an explicit yes before Send goes to the wallet. */
  readonly needsAcknowledgement: boolean
  /** Plain lines about risks the review shows (deny-listed receiver, a first transfer); never blocking. */
  readonly risks: readonly RiskWarning[]
  /**
   * Set when the chain says the transfer would fail (its decoded reason): the fee could not be
   * estimated (`fee` is empty) and the review's button reads "Send anyway".
   */
  readonly revert?: string
  /** Whether the app pays the gas (then the fee is not the visitor's), when its wallet takes a paymaster. */
  readonly sponsorship?: SponsorshipVerdict
}

export type ReviewSendState =
  /** The form is being filled in (nothing checked for this revision). */
  | { readonly status: 'editing' }
  /** The review is being prepared (name, rules, fee). */
  | { readonly status: 'checking' }
  /** A rule, the fee estimate or Max's estimate failed. */
  | { readonly status: 'failed'; readonly error: SendError }
  | { readonly status: 'ready'; readonly preview: SendPreview }

export interface ReviewSendDeps {
  readonly form: SendForm
  readonly balances: SendBalanceSource
  readonly transfers: Pick<TokenTransfers, 'estimate'>
  readonly modal: Pick<ModalStore, 'push'>
  readonly logger: Logger
  /** Native currency of each configured network, by CAIP-2 id. */
  readonly nativeCurrencies?: Readonly<Record<string, { symbol: string; decimals: number }>>
  /** What the chain would do with the transfer, shown with the review; absent: no preview. */
  readonly preview?: Pick<TransactionPreview, 'preview' | 'clear' | 'state$' | 'snapshot'>
  /** The host's deny-list of receivers (addresses). */
  readonly denyList?: readonly string[]
  /** The deny-list the host serves as a file, when it names one; resolves [] when it cannot be had, never rejects. */
  readonly servedDenyList?: () => Promise<readonly string[]>
  /** Addresses the account sent to before, when its whole history is known; else undefined. */
  readonly pastReceivers?: (account: string) => readonly string[] | undefined
  /** Whether the app would pay the transfer's gas; absent, or undefined answered: sponsorship does not apply. Never rejects. */
  readonly sponsorship?: (request: TransferRequest, gas: GasEstimate) => Promise<SponsorshipVerdict | undefined>
}

const EDITING: ReviewSendState = { status: 'editing' }

interface Outcome {
  readonly revision: number
  readonly state: ReviewSendState
}

export class ReviewSend {
  private readonly outcome = new BehaviorSubject<Outcome>({ revision: -1, state: EDITING })
  /** The served deny-list as the last review read it. */
  private served: readonly string[] = []
  readonly state$: Observable<ReviewSendState>

  constructor(private readonly deps: ReviewSendDeps) {
    this.state$ = combineLatest([this.outcome, deps.form.state$]).pipe(
      map(([outcome, form]) => stateFor(outcome, form)),
      distinctUntilChanged(),
    )
  }

  /** What the chain would do with the reviewed transfer; undefined when the host turned previews off. */
  get chainPreview(): { readonly state$: Observable<TransactionPreviewState>; readonly snapshot: TransactionPreviewState } | undefined {
    return this.deps.preview
  }

  get snapshot(): ReviewSendState {
    return stateFor(this.outcome.value, this.deps.form.snapshot)
  }

  /** Checks the form and, when it holds, shows the review. Resolves true when the review is shown. */
  async review(): Promise<boolean> {
    const form = this.deps.form.snapshot
    if (this.snapshot.status === 'checking' || form.locked) return false
    const revision = form.revision
    const account = this.deps.form.account
    if (!account) return this.fail(revision, { kind: 'notConnected' })
    this.settle(revision, { status: 'checking' })
    this.deps.preview?.clear()
    const { values } = form

    // An amount of zero is refused before anything is looked up or estimated.
    const early = values.token ? parseSendAmount(values.amount, tokenDecimals(values.token), this.deps.form.locale) : undefined
    if (early && !early.ok && early.error.kind === 'amountNotPositive') return this.fail(revision, early.error)

    let receiverName: string | undefined
    if (values.amount.trim() !== '' && values.token) {
      const answer = await this.deps.form.resolveReceiver()
      if (this.stale(revision)) return false
      if (answer && answer.status !== 'resolved') return this.fail(revision, answer.error)
      receiverName = answer?.name
    }

    const invalid = this.deps.form.validation
    if (invalid) return this.fail(revision, invalid)
    const checked = this.deps.form.snapshot
    const token = checked.values.token as TokenBalance
    if (token.chainId !== account.caipNetworkId) return this.fail(revision, { kind: 'unsupportedChain' })
    const locale = this.deps.form.locale
    const parsed = parseSendAmount(checked.values.amount, tokenDecimals(token), locale)
    if (!parsed.ok) return this.fail(revision, parsed.error)
    const receiver = checked.receiver
    const receiverAddress = canonicalReceiver(account.namespace, receiver.status === 'resolved' ? receiver.address : checked.values.receiver.trim())
    const warnings = sendWarnings({
      namespace: account.namespace,
      receiver: receiverAddress,
      sender: account.address,
      ...(isNativeToken(token) ? {} : { tokenContract: contractAddress(token) }),
      tokenSymbol: token.symbol,
    })

    const request: TransferRequest = {
      chainId: account.caipNetworkId,
      from: account.address,
      to: receiverAddress,
      amount: parsed.value,
      ...(isNativeToken(token) ? {} : { token: contractAddress(token) }),
    }
    const native = this.nativeBalance(account.caipNetworkId)
    // The served deny-list is read alongside the fee estimate; the review waits for both.
    const served = this.deps.servedDenyList?.()
    let gas: GasEstimate
    try {
      gas = await this.deps.transfers.estimate(request)
    } catch (error) {
      if (this.stale(revision)) return false
      this.deps.logger.warn('Send fee estimate failed', error)
      // The chain may say why it would fail: then the review shows that reason and lets the visitor send anyway.
      const simulated = sendErrorOf(error).kind === 'feeEstimateFailed' ? await this.deps.preview?.preview(previewInput(request, token, native)) : undefined
      this.served = (await served) ?? []
      if (this.stale(revision)) return false
      if (simulated?.status === 'reverted') {
        return this.ready(revision, {
          ...this.describe(request, token, parsed, receiverAddress, receiverName, warnings, locale),
          fee: '',
          feeSymbol: '',
          gas: { gas: 0n, gasPrice: 0n, fee: 0n },
          revert: simulated.reason,
        })
      }
      // A receiver that loses the money (a token refuses the zero address): that is the reason to give.
      const warning = warnings.find((w) => needsAcknowledgement([w]))
      if (warning !== undefined && sendErrorOf(error).kind === 'feeEstimateFailed') return this.fail(revision, { kind: 'receiverWarning', warning })
      return this.fail(revision, sendErrorOf(error))
    }
    this.served = (await served) ?? []
    if (this.stale(revision)) return false
    const sponsorship = await this.deps.sponsorship?.(request, gas)
    if (this.stale(revision)) return false

    const sendsNative = isNativeToken(token)
    const nativeBalance = sendsNative ? tokenBalanceUnits(token) : native ? tokenBalanceUnits(native) : 0n
    // A sponsored transfer costs the visitor no gas: only the amount itself must be there.
    const fee = sponsorship?.status === 'sponsored' ? 0n : gas.fee
    if (!coversNetworkFee({ sendsNative, amount: parsed.value, fee, nativeBalance })) {
      return this.fail(revision, { kind: 'insufficientFunds' })
    }

    const nativeMeta = this.nativeMeta(account.caipNetworkId, native ?? (sendsNative ? token : undefined))
    const feePrice = native?.price ?? (sendsNative ? token.price : undefined)
    const ready = this.ready(revision, {
      ...this.describe(request, token, parsed, receiverAddress, receiverName, warnings, locale),
      fee: displayFee(gas.fee, nativeMeta.decimals),
      feeSymbol: nativeMeta.symbol,
      ...(feePrice !== undefined && feePrice > 0 ? { feeFiat: fiatValue(gas.fee, nativeMeta.decimals, feePrice, locale) } : {}),
      ...(feePrice !== undefined && feePrice > 0 ? { feeFiatUsd: fiatValue(gas.fee, nativeMeta.decimals, feePrice) } : {}),
      gas,
      ...(sponsorship === undefined ? {} : { sponsorship }),
    })
    // The chain's view of the transfer fills in while the review is open.
    this.deps.preview?.preview(previewInput(request, token, native)).catch(() => undefined)
    return ready
  }

  private ready(revision: number, preview: SendPreview): true {
    this.settle(revision, { status: 'ready', preview })
    this.deps.modal.push('SendPreview')
    return true
  }

  /** What the review says of the transfer itself, whatever the fee. */
  private describe(
    request: TransferRequest,
    token: TokenBalance,
    parsed: { readonly value: bigint; readonly normalized: string },
    receiverAddress: string,
    receiverName: string | undefined,
    warnings: readonly SendWarning[],
    locale: string,
  ): Omit<SendPreview, 'fee' | 'feeSymbol' | 'gas'> {
    const decimals = tokenDecimals(token)
    const past = this.deps.pastReceivers?.(request.from)
    return {
      request,
      token,
      amount: parsed.normalized,
      amountText: formatAmountExact(parsed.value, decimals, locale),
      receiverAddress,
      ...(receiverName === undefined ? {} : { receiverName }),
      ...(token.price > 0 ? { fiat: fiatValue(parsed.value, decimals, token.price, locale) } : {}),
      ...(token.price > 0 ? { fiatUsd: fiatValue(parsed.value, decimals, token.price) } : {}),
      warnings,
      needsAcknowledgement: needsAcknowledgement(warnings),
      risks: riskWarnings({ receiver: receiverAddress, denyList: [...(this.deps.denyList ?? []), ...this.served], ...(past === undefined ? {} : { pastReceivers: past }) }),
    }
  }

  /**
   * Fills in the whole balance; for the native token it leaves the estimated network fee (plus a
   * small margin) so the transfer can pay for itself.
   */
  async fillMax(): Promise<void> {
    const form = this.deps.form.snapshot
    const token = form.values.token
    if (!token || form.locked) return
    const balance = tokenBalanceUnits(token)
    const decimals = tokenDecimals(token)
    if (!isNativeToken(token)) {
      this.deps.form.setAmount(formatUnitsExact(balance, decimals))
      return
    }
    const account = this.deps.form.account
    if (!account) {
      this.fail(form.revision, { kind: 'notConnected' })
      return
    }
    const receiver = form.receiver
    // A receiver the form refuses (a bad checksum) would fail the estimate: the fee is the same to anyone.
    const usable = (receiver.status === 'address' || receiver.status === 'resolved') && this.deps.form.validation?.kind !== 'invalidAddressChecksum'
    const to = usable ? receiver.address : account.address
    try {
      const estimate = await this.deps.transfers.estimate({
        chainId: account.caipNetworkId,
        from: account.address,
        to,
        amount: 0n,
      })
      this.deps.form.setAmount(formatUnitsExact(maxNativeAmount(balance, estimate.fee), decimals))
    } catch (error) {
      this.fail(this.deps.form.snapshot.revision, sendErrorOf(error))
    }
  }

  private settle(revision: number, state: ReviewSendState): void {
    this.outcome.next({ revision, state })
  }

  private fail(revision: number, error: SendError): false {
    this.settle(revision, { status: 'failed', error })
    return false
  }

  /** The form was edited while checking: that check no longer applies (its state reads `editing`). */
  private stale(revision: number): boolean {
    return this.deps.form.snapshot.revision !== revision
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
}

function stateFor(outcome: Outcome, form: SendFormState): ReviewSendState {
  return outcome.revision === form.revision ? outcome.state : EDITING
}

/** The transfer as one call to simulate, with the tokens the review can name (the one sent, the native coin). */
function previewInput(request: TransferRequest, token: TokenBalance, native: TokenBalance | undefined): Parameters<TransactionPreview['preview']>[0] {
  const transfer = { to: request.to, amount: request.amount, ...(request.token === undefined ? {} : { token: request.token }) }
  const call = request.token === undefined ? { to: request.to, value: request.amount, transfer } : { to: request.token, data: tokenTransferData(request.to, request.amount), transfer }
  const tokens: PreviewToken[] = [token, ...(native === undefined || native === token ? [] : [native])].map((t) => ({
    ...(isNativeToken(t) ? {} : { address: contractAddress(t) }),
    symbol: t.symbol,
    decimals: tokenDecimals(t),
    ...(t.price > 0 ? { priceUsd: t.price } : {}),
    ...(t.iconUrl === undefined ? {} : { iconUrl: t.iconUrl }),
  }))
  return { chainId: request.chainId, from: request.from, calls: [call], tokens }
}

