/**
 * The account's activity (spec section 4, transactions list): history fetched by cursor, spam and
 * other chains filtered out, grouped by year then month newest first. Transactions this modal
 * sent appear at once as pending entries, turn confirmed or failed from their receipt (polled
 * through the injected Scheduler) and merge with the indexed history: one entry per hash.
 *
 * On a failed fetch the "Failed to fetch transactions" snack shows, the list is marked empty and
 * `next` is cleared (spec section 4); `retry()` starts over.
 */
import {
  BehaviorSubject,
  concatMap,
  distinctUntilChanged,
  filter,
  first,
  from,
  map,
  of,
  catchError,
  take,
  timer,
  type Observable,
  type SchedulerLike,
  type Subscription,
} from 'rxjs'
import type { CaipAddress, ChainNamespace } from '../../domain/entities'
import type { Transaction } from '../../domain/transactions/transaction'
import { SUPPORTED_NAMESPACES } from '../../domain/feature-constants'
import { failure, type Failure } from '../../domain/failure'
import { SNACK_MESSAGES, TransactionsWithoutAddressError } from '../../domain/errors'
import { groupTransactions, sortNewestFirst, type TransactionYearGroup } from '../../domain/transactions/group-transactions'
import { mergeTransactions, transactionId } from '../../domain/transactions/merge-transactions'
import { filterTransactions } from '../../domain/transactions/transaction-filters'
import type { ActivityApi } from '../../ports/blockchain/activity'
import { isAbortError } from '../../ports/http-errors'
import type { Logger } from '../../ports/logger'
import type { ReceiptStatus, TokenTransfers } from '../../ports/token-transfers'
import type { ConnectionState } from '../connection-store'
import type { SendNotifier } from '../send/collaborators'

/**
 * The Transactions view's store, from this module: its one chunk, shared by the Activity tab, the
 * Transactions view and the account's bindings (a chunk of its own would add a name to the
 * preload lists of the page's first script).
 */
export { TransactionsStore } from './transactions-store'

/**
 * How often a pending transaction's receipt is asked for, and how many times. Walletgate's own
 * numbers (the spec names no polling interval): every second for up to five minutes.
 */
export const RECEIPT_POLL_INTERVAL_MS = 1_000
export const RECEIPT_POLL_MAX_ATTEMPTS = 300

export type ActivityState =
  /** Not connected, or nothing asked for yet. */
  | { readonly status: 'idle' }
  /** The first page is on its way. */
  | { readonly status: 'loading' }
  | {
      readonly status: 'ready'
      /** Newest first, filtered, one entry per hash. */
      readonly transactions: readonly Transaction[]
      readonly groups: readonly TransactionYearGroup[]
      /** The cursor of the next page, null when the history is complete. */
      readonly next: string | null
      readonly loadingMore: boolean
      /** True when there is nothing to show (including after a failed fetch). */
      readonly empty: boolean
    }
  /** The first page failed: empty, no next page, a retry is offered. */
  | { readonly status: 'error'; readonly failure: Failure; readonly empty: true; readonly next: null }
  /** The family's activity is not read (Bitcoin, Polkadot, Cosmos): not "no activity", which would be untrue. */
  | { readonly status: 'notRead'; readonly namespace: ChainNamespace }

/** The first page did not come: the spec's snack words (section 8), by their key. */
const FETCH_FAILED = failure('snack.failedToFetchTransactions')

export interface ActivityStoreDeps {
  readonly api: ActivityApi
  readonly connection: { readonly state$: Observable<ConnectionState>; readonly snapshot: ConnectionState }
  readonly transfers: Pick<TokenTransfers, 'receiptStatus'>
  readonly scheduler: SchedulerLike
  readonly notifier: SendNotifier
  readonly logger: Logger
  /** Minutes to add to UTC when grouping by month (the viewer's offset); 0 groups in UTC. */
  readonly utcOffsetMinutes?: number
  /**
   * The account was touched on chain (the balance store's watch): the first page is read again
   * then, and once more a few seconds later, when the history service has indexed the block.
   */
  readonly touched$?: Observable<unknown>
}

/** How long the history service may take to index a block the chain already has. */
const INDEX_LAG_MS = 3_000

interface Account {
  readonly caipAddress: CaipAddress
  readonly caipNetworkId: string
  readonly namespace: ChainNamespace
}

export class ActivityStore {
  private readonly subject = new BehaviorSubject<ActivityState>({ status: 'idle' })
  readonly state$: Observable<ActivityState> = this.subject.asObservable()

  private account: Account | undefined
  private indexed: Transaction[] = []
  /** Entries this modal created (pending, then settled from their receipt), by id. */
  private readonly local = new Map<string, Transaction>()
  private next: string | null = null
  /** The first page of the current account arrived (a ready state may hold only local entries). */
  private loaded = false
  private loadingMore = false
  /** Bumped on every reset so a late answer for an old account or an old load is dropped. */
  private generation = 0
  private controller: AbortController | undefined
  private readonly polls = new Map<string, Subscription>()
  private readonly connectionSubscription: Subscription
  private readonly touchSubscription: Subscription | undefined
  private touchLater: Subscription | undefined

  constructor(private readonly deps: ActivityStoreDeps) {
    this.account = accountOf(deps.connection.snapshot)
    this.connectionSubscription = deps.connection.state$
      .pipe(
        map(accountOf),
        distinctUntilChanged((a, b) => a?.caipAddress === b?.caipAddress && a?.caipNetworkId === b?.caipNetworkId),
      )
      .subscribe((account) => this.onAccount(account))
    this.touchSubscription = deps.touched$?.subscribe(() => {
      void this.refreshHead()
      this.touchLater?.unsubscribe()
      this.touchLater = deps.scheduler.schedule(() => void this.refreshHead(), INDEX_LAG_MS)
    })
  }

  get snapshot(): ActivityState {
    return this.subject.value
  }

  /**
   * Loads the first page unless it is loaded or loading for the current account.
   * @throws TransactionsWithoutAddressError when no account is connected.
   */
  load(): Promise<void> {
    const status = this.subject.value.status
    if (status === 'loading' || status === 'notRead' || (status === 'ready' && this.loaded)) return Promise.resolve()
    return this.fetchFirstPage()
  }

  /** Starts over after a failure (or to refresh). */
  retry(): Promise<void> {
    return this.fetchFirstPage()
  }

  /** Fetches the next page by cursor; a no-op while one is loading or when there is none. */
  async loadMore(): Promise<void> {
    const account = this.account
    if (this.subject.value.status !== 'ready' || !this.loaded || this.next === null || this.loadingMore || !account) return
    const generation = this.generation
    const cursor = this.next
    this.loadingMore = true
    this.emit()
    try {
      const page = await this.deps.api.getTransactions(account.caipAddress, {
        cursor,
        signal: this.signal(),
      })
      if (generation !== this.generation) return
      this.indexed = mergeTransactions(this.indexed, page.data)
      this.next = page.next
    } catch (error) {
      if (generation !== this.generation || isAbortError(error)) return
      this.failed(error)
      // Spec: on failure `next` is cleared; the entries already shown stay.
      this.next = null
    } finally {
      if (generation === this.generation) {
        this.loadingMore = false
        this.emit()
      }
    }
  }

  /**
   * Shows a transaction this modal just sent (status pending) and follows its receipt. A later
   * entry with the same hash (from the receipt or the indexed history) replaces it.
   */
  addPending(transaction: Transaction): void {
    const id = transactionId(transaction.id)
    this.local.set(id, { ...transaction, id })
    const status = this.subject.value.status
    if ((status === 'idle' || status === 'error') && this.account) {
      // Nothing loaded (or the load failed): show what we know; the history comes with the next load.
      this.subject.next(this.readyState())
    } else {
      this.emit()
    }
    this.pollReceipt(id, transaction.metadata.chain, transaction.metadata.hash)
  }

  /** Stops every subscription and timer this store holds. */
  dispose(): void {
    this.connectionSubscription.unsubscribe()
    this.touchSubscription?.unsubscribe()
    this.touchLater?.unsubscribe()
    this.reset()
  }

  // ---------------------------------------------------------------- internals

  private onAccount(account: Account | undefined): void {
    const changed = account?.caipAddress !== this.account?.caipAddress || account?.caipNetworkId !== this.account?.caipNetworkId
    if (!changed) return
    const wasActive = this.subject.value.status !== 'idle'
    this.reset()
    this.account = account
    this.subject.next({ status: 'idle' })
    if (wasActive && account) void this.fetchFirstPage()
  }

  private reset(): void {
    this.generation++
    this.controller?.abort()
    this.controller = undefined
    for (const poll of this.polls.values()) poll.unsubscribe()
    this.polls.clear()
    this.local.clear()
    this.indexed = []
    this.next = null
    this.loaded = false
    this.loadingMore = false
  }

  private async fetchFirstPage(): Promise<void> {
    const account = this.account
    if (!account) throw new TransactionsWithoutAddressError()
    if (!SUPPORTED_NAMESPACES.activity.includes(account.namespace)) {
      this.subject.next({ status: 'notRead', namespace: account.namespace })
      return
    }
    const generation = ++this.generation
    this.controller?.abort()
    this.controller = undefined
    this.loadingMore = false
    this.subject.next({ status: 'loading' })
    try {
      const page = await this.deps.api.getTransactions(account.caipAddress, { signal: this.signal() })
      if (generation !== this.generation) return
      this.indexed = [...page.data]
      this.next = page.next
      this.loaded = true
      this.subject.next(this.readyState())
    } catch (error) {
      if (generation !== this.generation || isAbortError(error)) return
      this.failed(error)
      this.indexed = []
      this.next = null
      this.subject.next({ status: 'error', failure: FETCH_FAILED, empty: true, next: null })
    }
  }

  /** Re-reads the first page and merges it in (after a receipt), keeping older pages. */
  private async refreshHead(): Promise<void> {
    const account = this.account
    if (!account || this.subject.value.status !== 'ready' || !this.loaded) return
    const generation = this.generation
    try {
      const page = await this.deps.api.getTransactions(account.caipAddress, { signal: this.signal() })
      if (generation !== this.generation) return
      this.indexed = mergeTransactions(this.indexed, page.data)
      this.emit()
    } catch (error) {
      // The receipt already settled the entry; a failed refresh only delays the indexed copy.
      if (!isAbortError(error)) this.deps.logger.warn('Activity refresh failed', error)
    }
  }

  private pollReceipt(id: string, chain: string, hash: string): void {
    this.polls.get(id)?.unsubscribe()
    const subscription = timer(0, RECEIPT_POLL_INTERVAL_MS, this.deps.scheduler)
      .pipe(
        take(RECEIPT_POLL_MAX_ATTEMPTS),
        concatMap(() =>
          from(this.deps.transfers.receiptStatus(chain as `eip155:${string}`, hash)).pipe(
            catchError((error: unknown) => {
              this.deps.logger.warn('Receipt poll failed', error)
              return of<ReceiptStatus>('pending')
            }),
          ),
        ),
        filter((status) => status !== 'pending'),
        first(undefined, undefined as ReceiptStatus | undefined),
      )
      .subscribe((status) => {
        this.polls.delete(id)
        const entry = this.local.get(id)
        if (!status || !entry) return
        this.local.set(id, { ...entry, metadata: { ...entry.metadata, status } })
        this.emit()
        void this.refreshHead()
      })
    if (!subscription.closed) this.polls.set(id, subscription)
  }

  private failed(error: unknown): void {
    this.deps.logger.warn(SNACK_MESSAGES.failedToFetchTransactions, error)
    this.deps.notifier.showError(SNACK_MESSAGES.failedToFetchTransactions, { key: 'snack.failedToFetchTransactions' })
  }

  private signal(): AbortSignal {
    this.controller ??= new AbortController()
    return this.controller.signal
  }

  private emit(): void {
    const status = this.subject.value.status
    if (status === 'ready') this.subject.next(this.readyState())
  }

  private readyState(): ActivityState {
    const chain = this.account?.caipNetworkId ?? ''
    // The indexed history's order is the chain's (block, then index): it decides ties between
    // entries mined in the same second. Entries only this modal knows yet come first, the latest
    // sent first; an indexed entry with the same hash replaces a local one.
    const indexedIds = new Set(this.indexed.map((t) => transactionId(t.id)))
    const localOnly = [...this.local.values()].filter((t) => !indexedIds.has(t.id)).reverse()
    const merged = mergeTransactions(localOnly, this.indexed)
    const transactions = sortNewestFirst(filterTransactions(merged, chain))
    return {
      status: 'ready',
      transactions,
      groups: groupTransactions(transactions, this.deps.utcOffsetMinutes ?? 0),
      next: this.next,
      loadingMore: this.loadingMore,
      empty: transactions.length === 0,
    }
  }
}

function accountOf(state: ConnectionState): Account | undefined {
  if (state.status !== 'connected') return undefined
  return { caipAddress: state.caipAddress as CaipAddress, caipNetworkId: state.caipNetworkId, namespace: state.namespace }
}
