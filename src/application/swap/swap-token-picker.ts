/**
 * SwapTokenPicker: the SwapSelectToken view's state. Swap's from and to buttons open it for their
 * side; it shows the account's tokens first (balances and fiat values, from the swap flow's rows),
 * the network's popular tokens (quick picks), and what the token search finds for the typed text
 * (a name or symbol prefix, or a pasted address) once typing pauses. Picking a token sets it on the
 * side that opened the picker (the flow swaps the sides when it is the other side's token) and goes
 * back to Swap, whose amount and other side are kept. Opened straight from a host page, it picks for
 * the "to" side and lands on Swap.
 */
// Only BehaviorSubject from rxjs, timing through the scheduler itself (as the swap flow does).
import { BehaviorSubject, type Observable, type SchedulerLike, type Subscription } from 'rxjs'
import type { CaipNetworkId, SwapToken } from '../../domain/entities'
import type { Failure } from '../../domain/failure'
import { normalTokenText, pastedAddressOf, tokenMatchesText } from '../../domain/swap/token-query'
import type { SwapApi, SwapTokenMatch } from '../../ports/blockchain/swap'
import type { Logger } from '../../ports/logger'
import { isAbortError } from '../../ports/http-errors'
import type { ModalStore } from '../modal-store'
import type { SwapFlow, SwapState, SwapTokenRow } from './swap-flow'

/** Typing pauses this long before the search is asked. */
export const TOKEN_SEARCH_DEBOUNCE_MS = 250
/** How many popular tokens the quick picks show. */
export const QUICK_PICKS = 5

export type TokenSide = 'from' | 'to'

export type TokenSearchState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly query: string }
  | { readonly status: 'ready'; readonly query: string; readonly tokens: readonly SwapTokenMatch[] }
  | { readonly status: 'error'; readonly query: string; readonly error: Failure }

export interface SwapTokenPickerState {
  readonly side: TokenSide
  readonly query: string
  /** The network's popular tokens (empty until they arrive, or when they could not be read). */
  readonly popular: readonly SwapTokenMatch[]
  readonly search: TokenSearchState
  /** Nothing that swaps is connected: the picker has no network to list (it offers to connect). */
  readonly needsAccount: boolean
}

export interface SwapTokenPickerDeps {
  readonly api: Pick<SwapApi, 'searchSwapTokens'>
  readonly flow: Pick<SwapFlow, 'snapshot' | 'start' | 'selectToken'>
  readonly modal: Pick<ModalStore, 'push' | 'goBack' | 'replace' | 'history'>
  readonly scheduler: SchedulerLike
  readonly logger: Logger
}

export const TOKEN_SEARCH_FAILED: Failure = { code: 'swap.searchFailed' }

const INITIAL: SwapTokenPickerState = { side: 'to', query: '', popular: [], search: { status: 'idle' }, needsAccount: false }

export class SwapTokenPicker {
  private readonly subject = new BehaviorSubject<SwapTokenPickerState>(INITIAL)
  readonly state$: Observable<SwapTokenPickerState> = this.subject.asObservable()
  private pending: Subscription | undefined
  private generation = 0
  private popularOf: CaipNetworkId | undefined

  constructor(private readonly deps: SwapTokenPickerDeps) {}

  get snapshot(): SwapTokenPickerState {
    return this.subject.value
  }

  /** Opens SwapSelectToken for one side of the form, with an empty search. */
  open(side: TokenSide): void {
    this.cancel()
    this.subject.next({ ...this.subject.value, side, query: '', search: { status: 'idle' } })
    this.deps.modal.push('SwapSelectToken')
  }

  /** Loads the network's swap tokens (when Swap has not) and its popular ones. */
  async start(): Promise<void> {
    await this.deps.flow.start()
    const network = this.deps.flow.snapshot.network
    if (this.subject.value.needsAccount !== (network === undefined)) this.subject.next({ ...this.subject.value, needsAccount: network === undefined })
    if (network === undefined || this.deps.flow.snapshot.tokens.status !== 'ready' || this.popularOf === network) return
    this.popularOf = network
    try {
      const popular = await this.deps.api.searchSwapTokens(network, '')
      if (this.deps.flow.snapshot.network === network) this.subject.next({ ...this.subject.value, popular })
    } catch (error) {
      // Quick picks are a convenience: without them the list and the search still work.
      this.popularOf = undefined
      this.deps.logger.warn('Popular swap tokens unavailable', error)
    }
  }

  setQuery(text: string): void {
    this.cancel()
    const query = normalTokenText(text) === '' ? '' : text
    this.subject.next({ ...this.subject.value, query: text, search: query === '' ? { status: 'idle' } : { status: 'loading', query } })
    if (query === '') return
    const generation = this.generation
    this.pending = this.deps.scheduler.schedule(() => void this.search(query, generation), TOKEN_SEARCH_DEBOUNCE_MS)
  }

  /** Asks again for the text whose search failed. */
  retry(): void {
    this.setQuery(this.subject.value.query)
  }

  /** Sets `token` on the side that opened the picker and goes back to Swap. */
  pick(token: SwapToken): void {
    this.cancel()
    this.deps.flow.selectToken(this.subject.value.side, token)
    this.subject.next({ ...this.subject.value, query: '', search: { status: 'idle' } })
    const history = this.deps.modal.history
    if (history.length > 1 && history[history.length - 2] === 'Swap') this.deps.modal.goBack()
    else this.deps.modal.replace('Swap')
  }

  dispose(): void {
    this.cancel()
  }

  private cancel(): void {
    this.generation++
    this.pending?.unsubscribe()
    this.pending = undefined
  }

  private async search(query: string, generation: number): Promise<void> {
    const network = this.deps.flow.snapshot.network
    if (network === undefined) return
    try {
      const tokens = await this.deps.api.searchSwapTokens(network, query)
      if (generation === this.generation) this.subject.next({ ...this.subject.value, search: { status: 'ready', query, tokens } })
    } catch (error) {
      if (generation !== this.generation || isAbortError(error)) return
      this.deps.logger.warn('Token search failed', error)
      this.subject.next({ ...this.subject.value, search: { status: 'error', query, error: TOKEN_SEARCH_FAILED } })
    }
  }
}

/** What the picker lists, derived from its state and the swap form's. */
export interface PickerRows {
  /** The account's tokens that answer the text (balance above 0), most valuable first. */
  readonly held: readonly SwapTokenRow[]
  /** The quick picks: the popular tokens (with an empty text only). */
  readonly quick: readonly SwapTokenMatch[]
  /** Popular tokens (empty text) or what the search found, the held ones left out. */
  readonly results: readonly SwapTokenMatch[]
  /** A pasted address no token of the network is at. */
  readonly unknownAddress: boolean
  /** The token the opening side has now. */
  readonly current: string | undefined
}

export function pickerRows(picker: SwapTokenPickerState, form: SwapState): PickerRows {
  const rows = form.tokens.status === 'ready' ? form.tokens.list : []
  const held = rows
    .filter((row) => row.balance > 0n && tokenMatchesText(row, picker.query))
    .sort((a, b) => valueOf(b) - valueOf(a))
  const heldAddresses = new Set(held.map((row) => row.address.toLowerCase()))
  const empty = normalTokenText(picker.query) === ''
  const found = empty ? picker.popular : picker.search.status === 'ready' ? picker.search.tokens : []
  const results = found.filter((token) => !heldAddresses.has(token.address.toLowerCase()))
  const unknownAddress = !empty && pastedAddressOf(picker.query) !== undefined && picker.search.status === 'ready' && picker.search.tokens.length === 0 && held.length === 0
  return { held, quick: empty ? picker.popular.slice(0, QUICK_PICKS) : [], results, unknownAddress, current: picker.side === 'from' ? form.from : form.to }
}

/** A row's holding in usd (0 without a price): for ordering and for its fiat value. */
export function valueOf(row: Pick<SwapTokenRow, 'balance' | 'decimals' | 'price'>): number {
  return (Number(row.balance) / 10 ** row.decimals) * row.price
}
