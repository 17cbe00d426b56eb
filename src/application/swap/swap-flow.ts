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
 * - Where the app pays the gas (docs/sponsorship.md), the review asks its paymaster about the very
 *   calls (approval and swap, or the swap alone) and says "Gas paid by <app>" or why the visitor
 *   pays; a sponsored swap goes to the wallet as ONE request with the paymaster service.
 * - A rejected or failed wallet request sends nothing more and keeps the form and the preview.
 * - On success: a pending Activity entry, a snack, balances refetched, the form cleared, Account.
 */
// Only BehaviorSubject from rxjs, timing through the scheduler itself: operators here would split
// the shared rxjs chunks differently and grow the page's first script.
import { simulateSwap } from './swap-simulation'
import { swapPreviewFigures, type SwapPreviewFigures } from './swap-preview-figures'
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs'
import type { SwapToken } from '../../domain/entities'
import { SwapNetworkNotSupportedError } from '../../domain/errors'
import { failureOf } from '../../domain/failure'
import { formatUnitsExact } from '../../domain/format/amount'
import { SwapInsufficientLiquidityError } from '../../domain/swap/swap-errors'
import { APPROVE_GAS_ESTIMATE, SWAP_GAS_ESTIMATE, isNativeSwapToken, maxSwapAmount } from '../../domain/swap/swap-math'
import { isAbortError } from '../../ports/http-errors'
import { ConfirmSwap } from './swap-confirm'
import { formErrorOf, nativeRowOf, parsedAmountOf, swapRow, tokenOf } from './swap-form'
import { SwapQuotes } from './swap-quote'
import { sponsorshipOfSwap } from './swap-sponsorship'
import { INITIAL, SWAP_FAILURES, SWAP_QUOTE_DEBOUNCE_MS, type SubmitState, type SwapAccount, type SwapFlowDeps, type SwapPreview, type SwapPreviewer, type SwapSponsorship, type SwapState, type SwapTokenRow } from './swap-state'

export type { QuoteState, SubmitState, SwapFlowDeps, SwapPreview, SwapQuoteInfo, SwapSponsorship, SwapState, SwapTokenRow } from './swap-state'
export { SWAP_QUOTE_DEBOUNCE_MS } from './swap-state'

export class SwapFlow {
  private readonly subject = new BehaviorSubject<SwapState>(INITIAL)
  readonly state$: Observable<SwapState> = this.subject.asObservable()
  private readonly subscription: Subscription
  private pendingQuote: Subscription | undefined
  private quoteGeneration = 0
  private inFlight = false
  private readonly quotes: SwapQuotes
  private readonly confirmation: ConfirmSwap

  constructor(private readonly deps: SwapFlowDeps) {
    this.quotes = new SwapQuotes(deps.api, () => nativeRowOf(this.subject.value))
    this.confirmation = new ConfirmSwap({ deps, quotes: this.quotes, setSubmit: (submit) => this.setSubmit(submit), reset: () => this.reset() })
    // Balances arrive (and change after a swap) on their own schedule: the rows follow them.
    this.subscription = deps.balances.balances$.subscribe(() => this.refreshHoldings())
  }

  private refreshHoldings(): void {
    const s = this.subject.value
    if (s.tokens.status !== 'ready') return
    const list = s.tokens.list.map((t) => swapRow(t, t.price > 0 ? t.price : undefined, this.deps.balances.balances))
    const next: SwapState = { ...s, tokens: { status: 'ready', list } }
    this.set(next)
    // A typed amount is checked against the new holdings (and quoted once it fits); a preview stays.
    if (s.amount === '' || s.preview !== undefined || this.inFlight) return
    // Holdings read again with the amount still fitting leave its quote alone: no flicker, and
    // "Review swap" stays enabled under the visitor's pointer.
    const kept = s.quote.status === 'ready' || s.quote.status === 'loading'
    if (kept && formErrorOf(next, parsedAmountOf(next, this.deps.locale)) === s.formError) return
    this.edit({})
  }

  /** What the chain would do with the previewed swap; undefined when the host turned previews off. */
  get chainPreview(): Pick<SwapPreviewer, 'state$' | 'snapshot'> | undefined {
    return this.deps.preview
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
      const list = tokens.map((token) => swapRow(token, prices.find((p) => p.address.toLowerCase() === token.address.toLowerCase())?.price, this.deps.balances.balances))
      const native = list.find((t) => isNativeSwapToken(t.address))
      const other = list.find((t) => t !== native)
      this.set({ ...this.subject.value, tokens: { status: 'ready', list }, from: native?.address ?? list[0]?.address, to: other?.address })
    } catch (error) {
      const unsupported = error instanceof SwapNetworkNotSupportedError
      if (!unsupported) this.deps.logger.warn('Swap tokens unavailable', error)
      this.set({ ...this.subject.value, tokens: { status: 'error', unsupported, error: unsupported ? failureOf(error) : SWAP_FAILURES.tokensFailed } })
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

  /**
   * Sets `token` on one side (the other side takes this side's token when it had `token`). A token
   * the network's list did not have (a search found it) joins the rows first.
   */
  selectToken(side: 'from' | 'to', token: SwapToken): void {
    const s = this.subject.value
    if (s.tokens.status !== 'ready') return
    const known = s.tokens.list.find((t) => t.address.toLowerCase() === token.address.toLowerCase())
    if (known === undefined) this.set({ ...s, tokens: { status: 'ready', list: [...s.tokens.list, swapRow(token, undefined, this.deps.balances.balances)] } })
    const address = known?.address ?? token.address
    if (side === 'from') this.selectFrom(address)
    else this.selectTo(address)
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
    const from = tokenOf(s, s.from)
    if (!from || s.network === undefined) return
    let reserve = 0n
    if (isNativeSwapToken(from.address)) {
      const price = await this.quotes.currentGasPrice(s.network).catch(() => 0n)
      // Twice the expected gas: the price may rise before the swap is mined.
      reserve = 2n * (SWAP_GAS_ESTIMATE + APPROVE_GAS_ESTIMATE) * price
    }
    const max = maxSwapAmount(from.balance, isNativeSwapToken(from.address), reserve)
    this.edit({ amount: formatUnitsExact(max, from.decimals) })
  }

  /** Fixes the current quote as the preview and shows SwapPreview. */
  async review(): Promise<void> {
    const s = this.subject.value
    const from = tokenOf(s, s.from)
    const to = tokenOf(s, s.to)
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
    const preview: SwapPreview = { from, to, amountText: s.amount, quote: s.quote.quote, needsApproval, ...(batch === undefined ? {} : { batch }), ...optionalNative(nativeRowOf(s)) }
    const sponsorship = this.deps.sponsorship
    const shown: SwapPreview = sponsorship === undefined ? preview : { ...preview, sponsorship: { status: 'checking' } }
    this.set({ ...this.subject.value, preview: shown, submit: { status: 'idle' } })
    this.deps.modal.push('SwapPreview')
    // The chain's view of the swap fills in while the review is open.
    if (this.deps.preview !== undefined) void simulateSwap(this.deps, this.deps.preview, preview, account)
    // So does whether the app pays its gas (the swap waits for the answer).
    if (sponsorship !== undefined) void this.sponsorshipOf(sponsorship, shown, account)
  }

  /** Asks the app's paymaster about the previewed swap; the verdict joins the preview it was asked for. */
  private async sponsorshipOf(sponsorship: SwapSponsorship, asked: SwapPreview, account: SwapAccount): Promise<void> {
    const verdict = await sponsorshipOfSwap(this.deps, sponsorship, asked, account, () => this.quotes.currentGasPrice(account.caipNetworkId))
    const s = this.subject.value
    // The verdict of a review no longer shown is dropped (a new quote accepted keeps the same swap).
    if (s.preview === undefined || s.preview.from !== asked.from || s.preview.to !== asked.to || s.preview.amountText !== asked.amountText) return
    const { sponsorship: _checking, ...rest } = s.preview
    this.set({ ...s, preview: verdict === undefined ? rest : { ...rest, sponsorship: verdict } })
  }

  /** Takes a fresh quote that replaced the previewed one as the new preview (the visitor agreed to it). */
  /** What the review writes of `preview` (./swap-preview-figures.ts). */
  figures(preview: SwapPreview): SwapPreviewFigures {
    return swapPreviewFigures(preview)
  }

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
    // Who pays the gas decides how the swap is sent: the review's answer comes first.
    if (this.inFlight || preview === undefined || account === undefined || preview.sponsorship?.status === 'checking') return
    this.inFlight = true
    this.set({ ...s, submit: { status: 'checking' } })
    try {
      await this.confirmation.run(preview, account)
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
    const parsed = parsedAmountOf(next, this.deps.locale)
    const formError = formErrorOf(next, parsed)
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
    const from = tokenOf(state, state.from)
    const to = tokenOf(state, state.to)
    const amount = parsedAmountOf(state, this.deps.locale)
    if (account === undefined || !from || !to || amount === undefined || amount === 'invalid') return
    try {
      const quote = await this.quotes.quoteOf(account, from, to, amount)
      if (generation === this.quoteGeneration) this.set({ ...this.subject.value, quote: { status: 'ready', quote } })
    } catch (error) {
      if (generation !== this.quoteGeneration || isAbortError(error)) return
      const liquidity = error instanceof SwapInsufficientLiquidityError
      if (!liquidity) this.deps.logger.warn('Swap quote failed', error)
      this.set({ ...this.subject.value, quote: { status: 'error', liquidity, error: liquidity ? failureOf(error) : SWAP_FAILURES.quoteFailed } })
    }
  }

  private setSubmit(submit: SubmitState): void {
    this.set({ ...this.subject.value, submit })
  }

  private set(state: SwapState): void {
    this.subject.next(state)
  }
}

function optionalNative(native: SwapTokenRow | undefined): { native?: SwapTokenRow } {
  return native === undefined ? {} : { native }
}
