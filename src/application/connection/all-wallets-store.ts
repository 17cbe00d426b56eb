import { BehaviorSubject, Subject, debounceTime, distinctUntilChanged, type Observable, type SchedulerLike, type Subscription } from 'rxjs'
import type { ResolvedConfig } from '../../domain/config'
import { WALLET_PAGE_SIZE } from '../../domain/constants'
import type { WalletListing } from '../../domain/entities'
import type { Logger } from '../../ports/logger'
import type { WalletCatalogue } from '../../ports/wallet-catalogue'
import { rankBySearch } from '../../domain/connection/search-rank'
import { passesFilter } from './connect-rows'

/** Search waits this long after the last keystroke (Walletgate's choice; the spec gives none). */
export const WALLET_SEARCH_DEBOUNCE_MS = 300

export type AllWalletsState =
  | { readonly status: 'idle'; readonly query: string }
  | { readonly status: 'loading'; readonly query: string }
  | {
      readonly status: 'ready'
      readonly query: string
      readonly wallets: readonly WalletListing[]
      /** Total matching wallets (featured included). */
      readonly count: number
      /** Catalogue pages fetched so far (search results are one page). */
      readonly page: number
      readonly loadingMore: boolean
      readonly featuredIds: readonly string[]
    }
  | { readonly status: 'error'; readonly query: string; readonly error: Error }

/** Whether another page can be fetched: a loaded list, no search (results are one page), more left. */
export function hasMoreWallets(state: AllWalletsState): boolean {
  return state.status === 'ready' && state.query.trim() === '' && state.wallets.length < state.count
}

type Filter = Pick<ResolvedConfig, 'featuredWalletIds' | 'includeWalletIds' | 'excludeWalletIds'>

export interface AllWalletsStoreDeps {
  readonly config: Filter
  readonly catalogue: WalletCatalogue
  readonly scheduler: SchedulerLike
  readonly logger: Logger
}

/**
 * The AllWallets view's catalogue: featured wallets first, then pages of 40 fetched as the person
 * scrolls; a debounced search (100 results). Include and exclude ids go with every request.
 * Stale answers (an older search) are dropped and their requests aborted.
 */
export class AllWalletsStore {
  private readonly subject = new BehaviorSubject<AllWalletsState>({ status: 'idle', query: '' })
  readonly state$: Observable<AllWalletsState> = this.subject.asObservable()
  private readonly queries = new Subject<string>()
  private readonly subscription: Subscription
  private controller: AbortController | undefined
  private generation = 0

  constructor(private readonly deps: AllWalletsStoreDeps) {
    this.subscription = this.queries
      .pipe(debounceTime(WALLET_SEARCH_DEBOUNCE_MS, deps.scheduler), distinctUntilChanged())
      .subscribe((query) => void this.loadFirst(query))
  }

  get snapshot(): AllWalletsState {
    return this.subject.value
  }

  /** The absolute URL of a listed wallet's image (no request), for the rows built from this list. */
  walletImageUrl(imageId: string): string {
    return this.deps.catalogue.walletImageUrl(imageId)
  }

  /** Loads the first page unless already loaded. */
  start(): void {
    const state = this.subject.value
    if (state.status === 'idle' || state.status === 'error') void this.loadFirst(state.query)
  }

  /** The search box changed: the query shows at once, the request follows the debounce. */
  setQuery(query: string): void {
    const state = this.subject.value
    if (state.query !== query) this.subject.next({ ...state, query })
    this.queries.next(query.trim())
  }

  /** Fetches the next page of 40 (no-op while loading, searching, or when everything is shown). */
  async loadMore(): Promise<void> {
    const state = this.subject.value
    if (state.status !== 'ready' || state.loadingMore || !hasMoreWallets(state)) return
    const generation = this.generation
    this.subject.next({ ...state, loadingMore: true })
    try {
      const page = await this.deps.catalogue.getWallets(
        { page: state.page + 1, entries: WALLET_PAGE_SIZE, ...this.filter(state.featuredIds) },
        { signal: this.controller?.signal },
      )
      if (generation !== this.generation) return
      const seen = new Set(state.wallets.map((w) => w.id))
      const current = this.subject.value
      if (current.status !== 'ready') return
      this.subject.next({
        ...current,
        wallets: [...current.wallets, ...page.data.filter((w) => !seen.has(w.id))],
        count: page.count + state.featuredIds.length,
        page: state.page + 1,
        loadingMore: false,
      })
    } catch (error) {
      if (generation !== this.generation) return
      this.deps.logger.warn('Walletgate: could not load more wallets', error)
      const current = this.subject.value
      if (current.status === 'ready') this.subject.next({ ...current, loadingMore: false })
    }
  }

  /** Retries after an error. */
  retry(): void {
    void this.loadFirst(this.subject.value.query.trim())
  }

  dispose(): void {
    this.subscription.unsubscribe()
    this.controller?.abort()
  }

  private filter(extraExclude: readonly string[] = []) {
    return {
      include: this.deps.config.includeWalletIds,
      exclude: [...this.deps.config.excludeWalletIds, ...extraExclude],
    }
  }

  private async loadFirst(query: string): Promise<void> {
    const generation = ++this.generation
    this.controller?.abort()
    const controller = new AbortController()
    this.controller = controller
    const shownQuery = this.subject.value.query
    this.subject.next({ status: 'loading', query: shownQuery })
    try {
      if (query !== '') {
        const page = await this.deps.catalogue.searchWallets(query, this.filter(), { signal: controller.signal })
        if (generation !== this.generation) return
        this.subject.next({
          status: 'ready',
          query: this.subject.value.query,
          // The catalogue's order is its own relevance; an exact or prefix name match leads.
          wallets: rankBySearch(page.data, query, (wallet) => wallet.name),
          count: page.data.length,
          page: 1,
          loadingMore: false,
          featuredIds: [],
        })
        return
      }
      const featuredIds = this.deps.config.featuredWalletIds.filter((id) =>
        passesFilter([id], { include: this.deps.config.includeWalletIds, exclude: this.deps.config.excludeWalletIds }),
      )
      const [featured, page] = await Promise.all([
        featuredIds.length === 0
          ? Promise.resolve({ count: 0, data: [] as WalletListing[] })
          : this.deps.catalogue.getWallets(
              { page: 1, entries: featuredIds.length, include: featuredIds, exclude: this.deps.config.excludeWalletIds },
              { signal: controller.signal },
            ),
        this.deps.catalogue.getWallets(
          { page: 1, entries: WALLET_PAGE_SIZE, ...this.filter(featuredIds) },
          { signal: controller.signal },
        ),
      ])
      if (generation !== this.generation) return
      const ordered = [...featured.data].sort((a, b) => featuredIds.indexOf(a.id) - featuredIds.indexOf(b.id))
      this.subject.next({
        status: 'ready',
        query: this.subject.value.query,
        wallets: [...ordered, ...page.data],
        count: page.count + ordered.length,
        page: 1,
        loadingMore: false,
        featuredIds: ordered.map((w) => w.id),
      })
    } catch (error) {
      if (generation !== this.generation) return
      this.deps.logger.warn('Walletgate: could not load the wallet catalogue', error)
      this.subject.next({
        status: 'error',
        query: this.subject.value.query,
        error: error instanceof Error ? error : new Error(String(error)),
      })
    }
  }
}
