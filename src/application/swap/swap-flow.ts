/**
 * SwapFlow: the Swap and SwapPreview views' state (spec sections 7 and 9; swaps via the convert
 * calls, slippage tolerance 1).
 *
 * - `start()` reads the network's swap tokens. On a network outside the swap list the convert
 *   adapter throws "Network not supported for Swaps" before any request; the flow shows that.
 * - From, to and amount are the typed values; the quote follows them once typing pauses, and an
 *   answer only counts while the values still read the same.
 * - `review()` fixes a quote and its minimum (1 % below) and shows SwapPreview.
 * - `confirm()` re-quotes first: a fresh quote below the previewed minimum is shown, and nothing is
 *   sent. Otherwise, when the router's allowance is short, the wallet is asked for an approval of
 *   exactly the amount (one ApproveTransaction entry), then for the swap (another), whose on-chain
 *   bound never falls below the previewed minimum. One confirm at a time: a double click swaps once.
 * - A wallet that sends batches on the network (EIP-5792 on eip155) gets the approval and the swap
 *   as ONE request instead (one entry, one prompt), followed until the wallet reports it settled.
 *   Atomic wallets (a smart account) must run it all-or-nothing; a wallet that sends calls one by
 *   one (an EOA) still saves the visitor a second prompt, and if its swap fails after the approval
 *   landed, the visitor is told so (the next try needs no approval). A wallet that turns the batch
 *   down before asking anyone falls back to the two requests.
 * - A rejected or failed wallet request sends nothing more and keeps the form and the preview.
 * - On success: a pending Activity entry, a snack, balances refetched, the form cleared, Account.
 */
// Only BehaviorSubject from rxjs, timing through the scheduler itself: operators here would split
// the shared rxjs chunks differently and grow the page's first script.
import { BehaviorSubject, type Observable, type SchedulerLike, type Subscription } from 'rxjs'
import type { CaipNetworkId, SwapToken, TokenBalance } from '../../domain/entities'
import { SwapNetworkNotSupportedError, TransactionRejectedError } from '../../domain/errors'
import { formatBalance, formatUnitsExact, parseAmountInput, parseUnitsExact } from '../../domain/format/amount'
import { sendErrorMessage } from '../../domain/send/send-errors'
import { SwapInsufficientLiquidityError } from '../../domain/swap/swap-errors'
import {
  APPROVE_GAS_ESTIMATE,
  SWAP_GAS_ESTIMATE,
  isNativeSwapToken,
  maxSwapAmount,
  minimumReceived,
  priceImpactPercent,
  slippageKeeping,
} from '../../domain/swap/swap-math'
import { createPendingTransaction } from '../../domain/transactions/pending-transaction'
import type { SwapApi } from '../../ports/blockchain/swap'
import type { Clock } from '../../ports/clock'
import { isAbortError } from '../../ports/http-errors'
import type { Logger } from '../../ports/logger'
import type { PreparedTransaction, SwapTransactions } from '../../ports/swap-transactions'
import type { SentTransfer } from '../../ports/token-transfers'
import type { CallsCapabilities } from '../../domain/calls/wallet-calls'
import { WalletRequestError } from '../../ports/chain-family'
import type { ActivityStore } from '../activity/activity-store'
import { followCalls, type ConnectedCalls } from '../calls/connected-calls'
import type { ModalStore } from '../modal-store'
import type { SendBalanceSource, SendNotifier } from '../send/collaborators'
import { sendErrorOf } from '../send/send-failure'
import type { ApprovalSummary, TransactionApprovals } from '../send/transaction-approvals'

/** A swap token with what the account holds of it and its usd price (0 when unknown). */
export interface SwapTokenRow extends SwapToken {
  /** Base units held. */
  readonly balance: bigint
  readonly balanceText: string
  readonly price: number
}

export interface SwapQuoteInfo {
  readonly fromAmount: bigint
  readonly toAmount: bigint
  /** What the swap pays at least (1 % slippage). */
  readonly minimum: bigint
  readonly toAmountText: string
  readonly minimumText: string
  /** Percent below the market prices (fee and price impact); undefined without prices. */
  readonly priceImpact: number | undefined
  /** Estimated network fee in the native coin's base units, and its text. */
  readonly fee: bigint
  readonly feeText: string
}

export type QuoteState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly quote: SwapQuoteInfo }
  | { readonly status: 'error'; readonly message: string; readonly liquidity: boolean }

/** The previewed swap: what the visitor saw and agreed to. */
export interface SwapPreview {
  readonly from: SwapTokenRow
  readonly to: SwapTokenRow
  readonly amountText: string
  readonly quote: SwapQuoteInfo
  /** True when the router's allowance is short (not the native coin): an approval comes first. */
  readonly needsApproval: boolean
  /** With an approval: the wallet takes the approval and the swap as one request (what it offers for batches). */
  readonly batch?: CallsCapabilities
}

export type SubmitState =
  | { readonly status: 'idle' }
  | { readonly status: 'checking' }
  | { readonly status: 'approving' }
  | { readonly status: 'swapping' }
  /** A batch the wallet took: waiting until it reports the calls settled. */
  | { readonly status: 'confirming' }
  /** The fresh quote pays less than the previewed minimum: nothing was sent. */
  | { readonly status: 'requoted'; readonly quote: SwapQuoteInfo }
  | { readonly status: 'failed'; readonly message: string }

export interface SwapState {
  readonly tokens:
    | { readonly status: 'idle' | 'loading' }
    | { readonly status: 'ready'; readonly list: readonly SwapTokenRow[] }
    | { readonly status: 'error'; readonly message: string; readonly unsupported: boolean }
  readonly network: CaipNetworkId | undefined
  readonly account: string | undefined
  readonly from: string | undefined
  readonly to: string | undefined
  readonly amount: string
  /** Why the typed values cannot be swapped (insufficient balance, a bad amount), or undefined. */
  readonly formError: string | undefined
  readonly quote: QuoteState
  readonly preview: SwapPreview | undefined
  readonly submit: SubmitState
}

export interface SwapFlowDeps {
  readonly api: Pick<
    SwapApi,
    'getSwapTokens' | 'getSwapQuotes' | 'getSwapAllowance' | 'getGasPrice' | 'getTokenPrices' | 'buildSwapTransaction' | 'buildApproveTransaction'
  >
  readonly transactions: SwapTransactions
  /** The connected wallet's batches (approval and swap under one prompt), when the modal has them. */
  readonly calls?: ConnectedCalls
  /** The connected eip155 account (address and network), or undefined. */
  readonly account: () => { readonly address: string; readonly caipNetworkId: CaipNetworkId } | undefined
  readonly balances: SendBalanceSource
  readonly approvals: TransactionApprovals
  readonly activity: Pick<ActivityStore, 'addPending'>
  readonly modal: Pick<ModalStore, 'push' | 'reset' | 'goBack' | 'view'>
  readonly notifier: SendNotifier
  readonly scheduler: SchedulerLike
  readonly clock: Clock
  readonly logger: Logger
  readonly locale?: string
}

/** Typing pauses this long before a quote is asked for. */
export const SWAP_QUOTE_DEBOUNCE_MS = 400
/** How often and how long a sent approval is watched until mined. */
const RECEIPT_POLL_MS = 1000
const RECEIPT_POLLS = 120

export const INSUFFICIENT_BALANCE_MESSAGE = 'Insufficient balance'
export const QUOTE_FAILED_MESSAGE = 'Could not get a quote. Try again.'
export const APPROVAL_FAILED_MESSAGE = 'The approval failed on chain; nothing was swapped.'
export const BATCH_FAILED_MESSAGE = 'The approval and swap failed; nothing was swapped.'
export const BATCH_PARTIAL_MESSAGE = 'The approval went through but the swap failed; nothing was swapped. Try again.'
export const BATCH_PENDING_MESSAGE = 'The wallet has not confirmed the swap yet. Check Activity before trying again.'
/** Failures the flow words itself: shown as they are. */
const OWN_MESSAGES: ReadonlySet<string> = new Set([APPROVAL_FAILED_MESSAGE, BATCH_FAILED_MESSAGE, BATCH_PARTIAL_MESSAGE, BATCH_PENDING_MESSAGE])

const INITIAL: SwapState = {
  tokens: { status: 'idle' },
  network: undefined,
  account: undefined,
  from: undefined,
  to: undefined,
  amount: '',
  formError: undefined,
  quote: { status: 'idle' },
  preview: undefined,
  submit: { status: 'idle' },
}

export class SwapFlow {
  private readonly subject = new BehaviorSubject<SwapState>(INITIAL)
  readonly state$: Observable<SwapState> = this.subject.asObservable()
  private readonly subscription: Subscription
  private pendingQuote: Subscription | undefined
  private quoteGeneration = 0
  private inFlight = false
  private approvalCount = 0
  private gasPrice: bigint | undefined

  constructor(private readonly deps: SwapFlowDeps) {
    // Balances arrive (and change after a swap) on their own schedule: the rows follow them.
    this.subscription = deps.balances.balances$.subscribe(() => this.refreshHoldings())
  }

  private refreshHoldings(): void {
    const s = this.subject.value
    if (s.tokens.status !== 'ready') return
    const list = s.tokens.list.map((t) => this.row(t, t.price > 0 ? t.price : undefined))
    const next: SwapState = { ...s, tokens: { status: 'ready', list } }
    this.set(next)
    // A typed amount is checked against the new holdings (and quoted once it fits); a preview stays.
    if (s.amount === '' || s.preview !== undefined || this.inFlight) return
    // Holdings read again with the amount still fitting leave its quote alone: no flicker, and
    // "Review swap" stays enabled under the visitor's pointer.
    const kept = s.quote.status === 'ready' || s.quote.status === 'loading'
    if (kept && this.formErrorOf(next) === s.formError) return
    this.edit({})
  }

  get snapshot(): SwapState {
    return this.subject.value
  }

  /** Loads the swap tokens of the connected network (again after a network change). */
  async start(): Promise<void> {
    const account = this.deps.account()
    const state = this.subject.value
    if (account === undefined) return
    if (state.network === account.caipNetworkId && state.account === account.address && state.tokens.status !== 'error') return
    this.set({ ...INITIAL, network: account.caipNetworkId, account: account.address, tokens: { status: 'loading' } })
    try {
      const tokens = await this.deps.api.getSwapTokens(account.caipNetworkId)
      const prices = await this.deps.api.getTokenPrices(tokens.map((t) => t.address)).catch((error: unknown) => {
        this.deps.logger.warn('Swap token prices unavailable', error)
        return []
      })
      if (this.subject.value.network !== account.caipNetworkId) return
      const list = tokens.map((token) => this.row(token, prices.find((p) => p.address.toLowerCase() === token.address.toLowerCase())?.price))
      const native = list.find((t) => isNativeSwapToken(t.address))
      const other = list.find((t) => t !== native)
      this.set({ ...this.subject.value, tokens: { status: 'ready', list }, from: native?.address ?? list[0]?.address, to: other?.address })
    } catch (error) {
      const unsupported = error instanceof SwapNetworkNotSupportedError
      if (!unsupported) this.deps.logger.warn('Swap tokens unavailable', error)
      this.set({ ...this.subject.value, tokens: { status: 'error', unsupported, message: unsupported ? error.message : 'Could not load the tokens to swap. Try again.' } })
    }
  }

  selectFrom(address: string): void {
    const s = this.subject.value
    this.edit({ from: address, to: s.to === address ? s.from : s.to })
  }

  selectTo(address: string): void {
    const s = this.subject.value
    this.edit({ to: address, from: s.from === address ? s.to : s.from })
  }

  flip(): void {
    const s = this.subject.value
    this.edit({ from: s.to, to: s.from })
  }

  setAmount(text: string): void {
    this.edit({ amount: text })
  }

  /** The whole holding of a token; of the native coin, less what a swap and an approval cost in gas. */
  async fillMax(): Promise<void> {
    const s = this.subject.value
    const from = this.token(s, s.from)
    if (!from || s.network === undefined) return
    let reserve = 0n
    if (isNativeSwapToken(from.address)) {
      const price = await this.currentGasPrice(s.network).catch(() => 0n)
      // Twice the expected gas: the price may rise before the swap is mined.
      reserve = 2n * (SWAP_GAS_ESTIMATE + APPROVE_GAS_ESTIMATE) * price
    }
    const max = maxSwapAmount(from.balance, isNativeSwapToken(from.address), reserve)
    this.edit({ amount: formatUnitsExact(max, from.decimals) })
  }

  /** Fixes the current quote as the preview and shows SwapPreview. */
  async review(): Promise<void> {
    const s = this.subject.value
    const from = this.token(s, s.from)
    const to = this.token(s, s.to)
    const account = this.deps.account()
    if (s.quote.status !== 'ready' || s.formError !== undefined || !from || !to || account === undefined || this.inFlight) return
    let needsApproval = false
    if (!isNativeSwapToken(from.address)) {
      try {
        const allowance = await this.deps.api.getSwapAllowance({ tokenAddress: from.address, userAddress: account.address })
        needsApproval = BigInt(allowance) < s.quote.quote.fromAmount
      } catch (error) {
        this.deps.logger.warn('Swap allowance unavailable', error)
        needsApproval = true
      }
    }
    // Only worth asking when there is something to batch; the answer is a read, never a prompt.
    const batch = needsApproval ? await this.deps.calls?.capabilities(account.caipNetworkId, account.address) : undefined
    this.set({
      ...this.subject.value,
      preview: { from, to, amountText: s.amount, quote: s.quote.quote, needsApproval, ...(batch === undefined ? {} : { batch }) },
      submit: { status: 'idle' },
    })
    this.deps.modal.push('SwapPreview')
  }

  /** Takes a fresh quote that replaced the previewed one as the new preview (the visitor agreed to it). */
  acceptNewQuote(): void {
    const s = this.subject.value
    if (s.submit.status !== 'requoted' || s.preview === undefined) return
    this.set({ ...s, preview: { ...s.preview, quote: s.submit.quote }, submit: { status: 'idle' } })
  }

  /** Re-quotes, approves when the allowance is short, swaps. Once at a time. */
  async confirm(): Promise<void> {
    const s = this.subject.value
    const preview = s.preview
    const account = this.deps.account()
    if (this.inFlight || preview === undefined || account === undefined) return
    this.inFlight = true
    this.set({ ...s, submit: { status: 'checking' } })
    try {
      const fresh = await this.quoteOf(account, preview.from, preview.to, preview.quote.fromAmount)
      const slippage = slippageKeeping(preview.quote.minimum, fresh.toAmount)
      if (slippage === undefined) {
        this.setSubmit({ status: 'requoted', quote: fresh })
        return
      }
      const chainId = account.caipNetworkId
      if (!isNativeSwapToken(preview.from.address)) {
        const allowance = BigInt(await this.deps.api.getSwapAllowance({ tokenAddress: preview.from.address, userAddress: account.address }))
        if (allowance < preview.quote.fromAmount) {
          if (preview.batch !== undefined && (await this.batchSwap(preview, account, slippage, preview.batch))) return
          this.setSubmit({ status: 'approving' })
          const approve = await this.deps.api.buildApproveTransaction({
            userAddress: account.address,
            from: preview.from.address,
            to: preview.to.address,
            amount: preview.quote.fromAmount.toString(),
          })
          const sent = await this.walletStep(
            'approve',
            { chainId, from: account.address, to: approve.to, data: approve.data, value: BigInt(approve.value), gas: BigInt(approve.eip155.gas) },
            {
              title: `Approve ${preview.amountText} ${preview.from.symbol}`,
              titleText: { key: 'swap.approveTitle', params: { amount: preview.amountText, symbol: preview.from.symbol } },
              rows: [{ label: 'Allows', value: 'the swap to spend exactly this amount' }] },
          )
          if (sent === undefined) return
          await this.minedOrThrow(chainId, sent.hash)
        }
      }
      this.setSubmit({ status: 'swapping' })
      const tx = await this.deps.api.buildSwapTransaction({
        amount: preview.quote.fromAmount.toString(),
        from: preview.from.address,
        to: preview.to.address,
        userAddress: account.address,
        slippage,
      })
      const sent = await this.walletStep(
        'swap',
        { chainId, from: account.address, to: tx.to, data: tx.data, value: BigInt(tx.amount), gas: BigInt(tx.eip155.gas) },
        {
          title: `Swap ${preview.amountText} ${preview.from.symbol} for ${preview.to.symbol}`,
          titleText: { key: 'swap.swapTitle', params: { amount: preview.amountText, from: preview.from.symbol, to: preview.to.symbol } },
          rows: [
            { label: 'Receive at least', value: `${preview.quote.minimumText} ${preview.to.symbol}` },
            { label: 'Network fee', value: preview.quote.feeText },
          ],
        },
      )
      if (sent !== undefined) this.swapped(preview, account, sent)
    } catch (error) {
      this.failed(error)
    } finally {
      this.inFlight = false
    }
  }

  /** Forgets the form (a disconnect or a finished swap). */
  reset(): void {
    this.quoteGeneration++
    this.set({ ...INITIAL, tokens: this.subject.value.tokens, network: this.subject.value.network, account: this.subject.value.account })
  }

  dispose(): void {
    this.pendingQuote?.unsubscribe()
    this.subscription.unsubscribe()
  }

  // ------------------------------------------------------------------------------------------

  private edit(values: Partial<Pick<SwapState, 'from' | 'to' | 'amount'>>): void {
    if (this.inFlight) return
    const next = { ...this.subject.value, ...values }
    const parsed = this.parsedAmount(next)
    const formError = this.formErrorOf(next, parsed)
    this.quoteGeneration++
    const ready = parsed !== undefined && parsed !== 'invalid' && parsed > 0n && next.from !== undefined && next.to !== undefined && formError === undefined
    const state: SwapState = { ...next, formError, quote: ready ? { status: 'loading' } : { status: 'idle' }, preview: undefined, submit: { status: 'idle' } }
    this.set(state)
    // The quote waits until typing pauses; a newer edit replaces the waiting one.
    this.pendingQuote?.unsubscribe()
    this.pendingQuote = ready ? this.deps.scheduler.schedule(() => void this.fetchQuote(state), SWAP_QUOTE_DEBOUNCE_MS) : undefined
  }

  private async fetchQuote(state: SwapState): Promise<void> {
    const generation = this.quoteGeneration
    const account = this.deps.account()
    const from = this.token(state, state.from)
    const to = this.token(state, state.to)
    const amount = this.parsedAmount(state)
    if (account === undefined || !from || !to || amount === undefined || amount === 'invalid') return
    try {
      const quote = await this.quoteOf(account, from, to, amount)
      if (generation === this.quoteGeneration) this.set({ ...this.subject.value, quote: { status: 'ready', quote } })
    } catch (error) {
      if (generation !== this.quoteGeneration || isAbortError(error)) return
      const liquidity = error instanceof SwapInsufficientLiquidityError
      if (!liquidity) this.deps.logger.warn('Swap quote failed', error)
      this.set({ ...this.subject.value, quote: { status: 'error', liquidity, message: liquidity ? error.message : QUOTE_FAILED_MESSAGE } })
    }
  }

  private async quoteOf(
    account: { readonly address: string; readonly caipNetworkId: CaipNetworkId },
    from: SwapTokenRow,
    to: SwapTokenRow,
    amount: bigint,
  ): Promise<SwapQuoteInfo> {
    const gasPrice = await this.currentGasPrice(account.caipNetworkId)
    const quotes = await this.deps.api.getSwapQuotes({
      amount: amount.toString(),
      userAddress: account.address,
      from: from.address,
      to: to.address,
      gasPrice: gasPrice.toString(),
    })
    const first = quotes[0]
    if (first === undefined) throw new SwapInsufficientLiquidityError()
    const toAmount = BigInt(first.toAmount)
    const minimum = minimumReceived(toAmount)
    const native = this.nativeRow()
    const fee = gasPrice * SWAP_GAS_ESTIMATE
    return {
      fromAmount: amount,
      toAmount,
      minimum,
      toAmountText: formatUnitsExact(toAmount, to.decimals),
      minimumText: formatUnitsExact(minimum, to.decimals),
      priceImpact: priceImpactPercent({ amount, decimals: from.decimals, price: from.price }, { amount: toAmount, decimals: to.decimals, price: to.price }),
      fee,
      feeText: `${formatUnitsExact(fee, native?.decimals ?? 18)} ${native?.symbol ?? ''}`.trim(),
    }
  }

  private async currentGasPrice(network: CaipNetworkId): Promise<bigint> {
    if (this.gasPrice !== undefined) return this.gasPrice
    const price = BigInt((await this.deps.api.getGasPrice(network)).standard)
    this.gasPrice = price
    return price
  }

  /**
   * One wallet request as one ApproveTransaction entry. Resolves the sent transaction, or
   * undefined when the visitor cancelled the entry before the wallet answered (the request was
   * left to the wallet; the flow goes no further).
   */
  private async walletStep(kind: 'approve' | 'swap', tx: PreparedTransaction, summary: ApprovalSummary): Promise<SentTransfer | undefined> {
    const id = `swap-${kind}-${++this.approvalCount}`
    let cancelled = false
    this.deps.approvals.request({
      id,
      summary,
      ...(kind === 'swap' ? { onSuccess: () => this.deps.modal.reset('Account') } : {}),
      onCancel: () => {
        cancelled = true
      },
    })
    let sent: SentTransfer
    try {
      sent = await this.deps.transactions.send(tx)
    } catch (error) {
      this.deps.approvals.settle(id, 'error', error)
      throw error
    }
    const settled = this.deps.approvals.settle(id, 'success')
    if (!settled || cancelled) {
      this.deps.logger.warn(`The wallet sent the ${kind} after its approval step was cancelled (${sent.hash})`)
      if (kind === 'approve') {
        this.setSubmit({ status: 'idle' })
        return undefined
      }
      return sent
    }
    // The approval's entry leaves the stack so the swap's entry is the next one shown.
    if (kind === 'approve' && this.deps.modal.view === 'ApproveTransaction') this.deps.modal.goBack()
    return sent
  }

  /**
   * The approval and the swap as one wallet request (one ApproveTransaction entry), then followed
   * until settled. Resolves true once handled (swapped), false when the wallet turned the batch
   * down before asking the visitor (the caller sends the two requests instead); throws a failure.
   */
  private async batchSwap(
    preview: SwapPreview,
    account: { readonly address: string; readonly caipNetworkId: CaipNetworkId },
    slippage: number,
    batch: CallsCapabilities,
  ): Promise<boolean> {
    const calls = this.deps.calls
    if (calls === undefined) return false
    const chainId = account.caipNetworkId
    this.setSubmit({ status: 'swapping' })
    const [approve, tx] = await Promise.all([
      this.deps.api.buildApproveTransaction({ userAddress: account.address, from: preview.from.address, to: preview.to.address, amount: preview.quote.fromAmount.toString() }),
      // Estimating alone would fail: the swap needs the approval that travels with it.
      this.deps.api.buildSwapTransaction({
        amount: preview.quote.fromAmount.toString(),
        from: preview.from.address,
        to: preview.to.address,
        userAddress: account.address,
        slippage,
        disableEstimate: true,
      }),
    ])
    const id = `swap-batch-${++this.approvalCount}`
    this.deps.approvals.request({
      id,
      summary: {
        title: `Approve and swap ${preview.amountText} ${preview.from.symbol} for ${preview.to.symbol}`,
        rows: [
          { label: 'Allows', value: 'the swap to spend exactly this amount' },
          { label: 'Receive at least', value: `${preview.quote.minimumText} ${preview.to.symbol}` },
          { label: 'Network fee', value: preview.quote.feeText },
        ],
      },
    })
    let batchId: string
    try {
      batchId = await calls.send({
        chainId,
        from: account.address,
        // An atomic wallet must keep it all-or-nothing; one that is not sends the calls in order.
        atomicRequired: batch.atomic !== 'unsupported',
        calls: [
          { to: approve.to, data: approve.data, value: BigInt(approve.value) },
          { to: tx.to, data: tx.data, value: BigInt(tx.amount) },
        ],
      })
    } catch (error) {
      this.deps.approvals.settle(id, 'error', error)
      if (error instanceof WalletRequestError && error.kind === 'unsupportedMethod') {
        this.deps.logger.warn('The wallet turned the batch down; approving and swapping one at a time', error)
        return false
      }
      throw error instanceof WalletRequestError && error.isUserRejection ? new TransactionRejectedError({ cause: error }) : error
    }
    // The entry leaves the stack; the preview shows the batch being confirmed.
    if (this.deps.approvals.settle(id, 'success') && this.deps.modal.view === 'ApproveTransaction') this.deps.modal.goBack()
    this.setSubmit({ status: 'confirming' })
    const settled = await followCalls(() => calls.status(chainId, batchId), (ms) => this.wait(ms), {
      pollMs: RECEIPT_POLL_MS,
      polls: RECEIPT_POLLS,
      onError: (error) => this.deps.logger.warn('Batch status unavailable', error),
    })
    if (settled?.outcome !== 'confirmed') {
      throw new Error(settled === undefined ? BATCH_PENDING_MESSAGE : settled.outcome === 'partial' ? BATCH_PARTIAL_MESSAGE : BATCH_FAILED_MESSAGE)
    }
    if (this.deps.modal.view === 'SwapPreview') this.deps.modal.reset('Account')
    this.swapped(preview, account, { hash: settled.transactionHashes.at(-1) ?? batchId })
    return true
  }

  private async minedOrThrow(chainId: CaipNetworkId, hash: string): Promise<void> {
    for (let poll = 0; poll < RECEIPT_POLLS; poll++) {
      if (poll > 0) await this.wait(RECEIPT_POLL_MS)
      const status = await this.deps.transactions.receiptStatus(chainId, hash).catch(() => 'pending' as const)
      if (status === 'confirmed') return
      if (status === 'failed') break
    }
    throw new Error(APPROVAL_FAILED_MESSAGE)
  }

  private wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      this.deps.scheduler.schedule(() => resolve(), ms)
    })
  }

  private swapped(preview: SwapPreview, account: { readonly address: string; readonly caipNetworkId: CaipNetworkId }, sent: SentTransfer): void {
    this.deps.activity.addPending(
      createPendingTransaction({
        hash: sent.hash,
        chain: account.caipNetworkId,
        sentFrom: account.address,
        sentTo: preview.to.address.split(':')[2] ?? '',
        nonce: sent.nonce ?? 0,
        operationType: 'execute',
        transfers: [
          { fungible_info: { name: preview.from.name, symbol: preview.from.symbol, icon: { url: preview.from.logoUri } }, direction: 'out', quantity: { numeric: formatUnitsExact(preview.quote.fromAmount, preview.from.decimals) } },
          { fungible_info: { name: preview.to.name, symbol: preview.to.symbol, icon: { url: preview.to.logoUri } }, direction: 'in', quantity: { numeric: preview.quote.toAmountText } },
        ],
        nowMs: this.deps.clock.now(),
      }),
    )
    this.deps.notifier.showSuccess(`Swapped ${preview.amountText} ${preview.from.symbol} for ${preview.to.symbol}`, sent.hash, {
      key: 'swap.swappedSnack',
      params: { amount: preview.amountText, from: preview.from.symbol, to: preview.to.symbol },
    })
    try {
      void Promise.resolve(this.deps.balances.refresh({ forceUpdate: true })).catch((error: unknown) => this.deps.logger.warn('Balance refresh after swap failed', error))
    } catch (error) {
      this.deps.logger.warn('Balance refresh after swap failed', error)
    }
    this.reset()
  }

  private failed(error: unknown): void {
    if (error instanceof TransactionRejectedError) this.deps.logger.warn('Swap rejected in the wallet', error)
    else this.deps.logger.warn('Swap failed', error)
    const message =
      error instanceof SwapInsufficientLiquidityError || error instanceof SwapNetworkNotSupportedError || (error instanceof Error && OWN_MESSAGES.has(error.message))
        ? error.message
        : isServiceFailure(error)
          ? QUOTE_FAILED_MESSAGE
          : sendErrorMessage(sendErrorOf(error))
    this.setSubmit({ status: 'failed', message })
  }

  private setSubmit(submit: SubmitState): void {
    this.set({ ...this.subject.value, submit })
  }

  private set(state: SwapState): void {
    this.subject.next(state)
  }

  /** What the form says of the typed amount against the from token's holding, if anything. */
  private formErrorOf(state: SwapState, parsed = this.parsedAmount(state)): string | undefined {
    const from = this.token(state, state.from)
    if (parsed === 'invalid') return 'Enter a valid amount'
    return parsed !== undefined && from !== undefined && parsed > from.balance ? INSUFFICIENT_BALANCE_MESSAGE : undefined
  }

  private parsedAmount(state: SwapState): bigint | 'invalid' | undefined {
    const from = this.token(state, state.from)
    if (state.amount.trim() === '' || from === undefined) return undefined
    const parsed = parseAmountInput(state.amount, from.decimals, this.deps.locale ?? 'en-US')
    return parsed.ok ? parsed.value : 'invalid'
  }

  private token(state: SwapState, address: string | undefined): SwapTokenRow | undefined {
    if (state.tokens.status !== 'ready' || address === undefined) return undefined
    return state.tokens.list.find((t) => t.address === address)
  }

  private nativeRow(): SwapTokenRow | undefined {
    const tokens = this.subject.value.tokens
    return tokens.status === 'ready' ? tokens.list.find((t) => isNativeSwapToken(t.address)) : undefined
  }

  private row(token: SwapToken, price: number | undefined): SwapTokenRow {
    const held = this.holding(token)
    const balance = held === undefined ? 0n : unitsOf(held.quantity.numeric, token.decimals)
    return { ...token, balance, balanceText: formatBalance(balance, token.decimals), price: price ?? held?.price ?? 0 }
  }

  private holding(token: SwapToken): TokenBalance | undefined {
    const native = isNativeSwapToken(token.address)
    return this.deps.balances.balances.find((b) =>
      native ? b.address === undefined : b.address?.toLowerCase() === token.address.toLowerCase(),
    )
  }
}

/** A wire balance (`quantity.numeric`, a plain decimal string) in base units; 0 when unreadable. */
function unitsOf(numeric: string, decimals: number): bigint {
  try {
    return parseUnitsExact(numeric, decimals)
  } catch {
    return 0n
  }
}

function isServiceFailure(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name
  return name === 'HttpError' || name === 'MalformedResponseError' || name === 'ServiceUnreachableError' || name === 'ServiceTimeoutError'
}
