/**
 * The Transactions view's state: the connected account's whole history, newest first, a page at a
 * time, for every token or for one. The token filter is the service's (the history call's `token`),
 * never a filter of the pages already loaded: a token's page holds only its rows, however old. Spam
 * and other chains' rows are dropped and the rows are grouped by month, then day (spec section 4's
 * year-then-month grouping, cut into days).
 *
 * A failed first page is an error with a retry; a failed later page keeps every row shown, says so,
 * and its retry asks for that page again. Switching the filter, or the account, drops the answer
 * of the one before (an answer that arrives late is ignored).
 */
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs'
import type { CaipAddress, ChainNamespace } from '../../domain/entities'
import { SUPPORTED_NAMESPACES } from '../../domain/feature-constants'
import { failure, type Failure } from '../../domain/failure'
import { SNACK_MESSAGES } from '../../domain/errors'
import { groupTransactionsByDay, type TransactionDayGroup, type TransactionMonthGroup } from '../../domain/transactions/group-transactions'
import { ALL_TOKENS } from '../../domain/transactions/history-token'
import { mergeTransactions } from '../../domain/transactions/merge-transactions'
import type { Transaction } from '../../domain/transactions/transaction'
import { filterTransactions } from '../../domain/transactions/transaction-filters'
import type { ActivityApi } from '../../ports/blockchain/activity'
import { isAbortError } from '../../ports/http-errors'
import type { Logger } from '../../ports/logger'
import type { BalanceState } from '../account/balance-store'
import type { ConnectionState } from '../connection-store'

/**
 * Pages read in a row when a token's page held none of its rows to show (a service that filters a
 * page of the history at a time, or a page of spam only), before the view is left to ask again.
 */
export const MAX_EMPTY_PAGES = 5

export type TransactionsMonth = TransactionMonthGroup & { readonly days: readonly TransactionDayGroup[] }

export type TransactionsState =
  /** Not connected, or nothing asked for yet. */
  | { readonly status: 'idle'; readonly token: string }
  /** The family's history is not read here. */
  | { readonly status: 'notRead'; readonly token: string; readonly namespace: ChainNamespace }
  /** The first page of the filter is on its way. */
  | { readonly status: 'loading'; readonly token: string }
  /** The first page of the filter failed: nothing to show, a retry is offered. */
  | { readonly status: 'error'; readonly token: string; readonly failure: Failure }
  | {
      readonly status: 'ready'
      /** `all`, or the history call's `token` (see historyTokenOf). */
      readonly token: string
      /** Newest first, one entry per hash. */
      readonly transactions: readonly Transaction[]
      readonly months: readonly TransactionsMonth[]
      /** The next page's cursor; null when the history (of this filter) is complete. */
      readonly next: string | null
      readonly loadingMore: boolean
      /** A later page failed: the rows stay, `retry()` asks for it again. */
      readonly moreFailed?: Failure
    }

/** The words of a failed page (spec section 8's snack). */
const FETCH_FAILED = failure('snack.failedToFetchTransactions')

export interface TransactionsStoreDeps {
  readonly api: ActivityApi
  /** The account's balances: the filter offers the tokens they hold (see `balances`). */
  readonly balances: { readonly state$: Observable<BalanceState>; readonly snapshot: BalanceState }
  readonly connection: { readonly state$: Observable<ConnectionState>; readonly snapshot: ConnectionState }
  readonly logger: Logger
  /** Minutes to add to UTC when grouping by day (the viewer's offset); 0 groups in UTC. */
  readonly utcOffsetMinutes?: number
}

interface Account {
  readonly caipAddress: CaipAddress
  readonly caipNetworkId: string
  readonly namespace: ChainNamespace
}

export class TransactionsStore {
  private readonly subject: BehaviorSubject<TransactionsState>
  readonly state$: Observable<TransactionsState>

  private account: Account | undefined
  private token = ALL_TOKENS
  private rows: Transaction[] = []
  private next: string | null = null
  /** Bumped when the account or the filter changes, so an answer for the one before is dropped. */
  private generation = 0
  private controller: AbortController | undefined
  private readonly connectionSubscription: Subscription

  constructor(private readonly deps: TransactionsStoreDeps) {
    this.account = accountOf(deps.connection.snapshot)
    this.subject = new BehaviorSubject<TransactionsState>({ status: 'idle', token: ALL_TOKENS })
    this.state$ = this.subject.asObservable()
    // onAccount acts only on another account or network (no operator: their chunk stays out of the view's).
    this.connectionSubscription = deps.connection.state$.subscribe((state) => this.onAccount(accountOf(state)))
  }

  /**
   * The account's balances, whose tokens the filter offers (read them while the filter shows: the
   * balance store reads, and watches the chain, only while someone watches).
   */
  get balances(): { readonly state$: Observable<BalanceState>; readonly snapshot: BalanceState } {
    return this.deps.balances
  }

  get snapshot(): TransactionsState {
    return this.subject.value
  }

  /** Loads the first page of the current filter, unless it is loaded or on its way. */
  load(): Promise<void> {
    const status = this.subject.value.status
    if (status === 'loading' || status === 'ready' || status === 'notRead') return Promise.resolve()
    return this.fetchFirst()
  }

  /** Shows `token`'s history (`all` for every token's), from its newest page. */
  selectToken(token: string): Promise<void> {
    if (token === this.token && this.subject.value.status !== 'idle' && this.subject.value.status !== 'error') return Promise.resolve()
    this.token = token
    return this.fetchFirst()
  }

  /** The next page; a no-op while one is on its way, after a failure (see `retry`) or at the end. */
  async loadMore(): Promise<void> {
    const state = this.subject.value
    if (state.status !== 'ready' || state.loadingMore || state.moreFailed !== undefined || this.next === null) return
    await this.fetchMore()
  }

  /** Asks again for what failed: the first page, or the page after the rows shown (which stay). */
  retry(): Promise<void> {
    const state = this.subject.value
    if (state.status === 'ready' && state.moreFailed !== undefined) return this.fetchMore()
    return this.fetchFirst()
  }

  /** Stops every subscription and request this store holds. */
  dispose(): void {
    this.connectionSubscription.unsubscribe()
    this.reset()
  }

  // ---------------------------------------------------------------- internals

  private onAccount(account: Account | undefined): void {
    if (account?.caipAddress === this.account?.caipAddress && account?.caipNetworkId === this.account?.caipNetworkId) return
    const wasActive = this.subject.value.status !== 'idle'
    this.reset()
    this.account = account
    // Another account holds other tokens: its history starts with every token's.
    this.token = ALL_TOKENS
    this.subject.next({ status: 'idle', token: this.token })
    if (wasActive && account) void this.fetchFirst()
  }

  private reset(): void {
    this.generation++
    this.controller?.abort()
    this.controller = undefined
    this.rows = []
    this.next = null
  }

  private async fetchFirst(): Promise<void> {
    const account = this.account
    const token = this.token
    this.reset()
    if (!account) {
      this.subject.next({ status: 'idle', token })
      return
    }
    if (!SUPPORTED_NAMESPACES.activity.includes(account.namespace)) {
      this.subject.next({ status: 'notRead', token, namespace: account.namespace })
      return
    }
    const generation = this.generation
    this.subject.next({ status: 'loading', token })
    try {
      const { rows, next } = await this.pages(account, null, generation)
      if (generation !== this.generation) return
      this.rows = rows
      this.next = next
      this.emit({ loadingMore: false })
    } catch (error) {
      if (generation !== this.generation || isAbortError(error)) return
      this.deps.logger.warn(SNACK_MESSAGES.failedToFetchTransactions, error)
      this.subject.next({ status: 'error', token, failure: FETCH_FAILED })
    }
  }

  private async fetchMore(): Promise<void> {
    const account = this.account
    const cursor = this.next
    if (!account || cursor === null) return
    const generation = this.generation
    this.emit({ loadingMore: true })
    try {
      const { rows, next } = await this.pages(account, cursor, generation)
      if (generation !== this.generation) return
      this.rows = mergeTransactions(this.rows, rows)
      this.next = next
      this.emit({ loadingMore: false })
    } catch (error) {
      if (generation !== this.generation || isAbortError(error)) return
      this.deps.logger.warn(SNACK_MESSAGES.failedToFetchTransactions, error)
      // The rows shown stay, and so does the cursor: the retry asks for the same page.
      this.emit({ loadingMore: false, moreFailed: FETCH_FAILED })
    }
  }

  /**
   * The page at `cursor` and, while a page had nothing to show but has a next one, the pages after
   * it (at most MAX_EMPTY_PAGES in all): "Load more" never shows nothing new when there is more.
   */
  private async pages(account: Account, cursor: string | null, generation: number): Promise<{ rows: Transaction[]; next: string | null }> {
    const rows: Transaction[] = []
    let next = cursor
    for (let read = 0; read < MAX_EMPTY_PAGES; read++) {
      const page = await this.deps.api.getTransactions(account.caipAddress, {
        cursor: next,
        ...(this.token === ALL_TOKENS ? {} : { token: this.token }),
        signal: this.signal(),
      })
      if (generation !== this.generation) break
      rows.push(...filterTransactions(page.data, account.caipNetworkId))
      next = page.next
      if (rows.length > 0 || next === null) break
    }
    return { rows, next }
  }

  private signal(): AbortSignal {
    this.controller ??= new AbortController()
    return this.controller.signal
  }

  private emit(extra: { readonly loadingMore: boolean; readonly moreFailed?: Failure }): void {
    this.subject.next({
      status: 'ready',
      token: this.token,
      transactions: this.rows,
      months: groupTransactionsByDay(this.rows, this.deps.utcOffsetMinutes ?? 0),
      next: this.next,
      ...extra,
    })
  }
}

function accountOf(state: ConnectionState): Account | undefined {
  if (state.status !== 'connected') return undefined
  return { caipAddress: state.caipAddress as CaipAddress, caipNetworkId: state.caipNetworkId, namespace: state.namespace }
}
