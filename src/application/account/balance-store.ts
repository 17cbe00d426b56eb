import {
  BehaviorSubject,
  defer,
  distinctUntilChanged,
  map,
  Observable,
  Subject,
  type SchedulerLike,
  type Subscription,
} from 'rxjs'
import { isNativeToken } from '../../domain/balances/token-balances'
import { BALANCE_CACHE_MS, BALANCE_RECOVERY_MAX_ATTEMPTS, BALANCE_RETRY_GAP_MS } from '../../domain/constants'
import { CHAIN_ONLY_BALANCE_NAMESPACES } from '../../domain/feature-constants'
import { ChainRequiredForAccountDataError } from '../../domain/errors'
import type { CaipAddress, CaipNetwork, TokenBalance } from '../../domain/entities'
import { formatUnitsExact } from '../../domain/format/amount'
import {
  INITIAL_BALANCE_RETRY_STATE,
  canFetchBalance,
  recordBalanceFailure,
  recordBalanceSuccess,
  type BalanceRetryState,
} from '../../domain/limits/balance-retry'
import type { BalancesApi } from '../../ports/blockchain/balances'
import type { ChainReader } from '../../ports/chain-reader'
import { UnsupportedChainReadError } from '../../ports/chain-reader'
import { isAbortError } from '../../ports/http-errors'
import type { Logger } from '../../ports/logger'
import type { ConnectionStore } from '../connection-store'
import type { NetworksStore } from '../networks/networks-store'
import type { SnackStore } from '../snack-store'
import { orderTokenBalances } from './token-list'

export type BalanceSource = 'service' | 'chain'

export type BalanceState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly caipAddress: CaipAddress }
  | {
      readonly status: 'ready'
      readonly caipAddress: CaipAddress
      /** Native first, then by fiat value; 0-decimal tokens dropped. */
      readonly tokens: readonly TokenBalance[]
      /** The native token's balance; undefined when the service listed none. */
      readonly native: TokenBalance | undefined
      /**
       * `native` in its confirmed and pending parts (bip122's mempool; pending is negative while a
       * spend waits), when the chain reader tells them apart and something is pending.
       */
      readonly parts?: { readonly confirmed: TokenBalance; readonly pending: TokenBalance }
      /** `chain`: the service failed or does not support the network; only the native balance, no fiat. */
      readonly source: BalanceSource
      /** When these balances were read (scheduler time, ms). */
      readonly fetchedAtMs: number
      /**
       * The last read failed (the service, or the chain when it was the only source): a retry is
       * offered, and the store reads again on its own after the retry gap.
       */
      readonly failed: boolean
      /**
       * Possibly stale: a fresh read failed or was held back by the retry gap, and these balances
       * are older than their cache life (`BALANCE_CACHE_MS`, 30 s), so they are kept but may be
       * out of date.
       */
      readonly stale: boolean
    }
  /** Neither the service nor the chain could tell (e.g. a network the host did not configure). */
  | { readonly status: 'unavailable'; readonly caipAddress: CaipAddress; readonly error?: Error }

type ReadyState = Extract<BalanceState, { status: 'ready' }>

export interface RefreshOptions {
  /** Ask the service for fresh data, bypassing caches (after a send, for example). */
  readonly forceUpdate?: boolean
}

export interface BalanceStoreDeps {
  readonly connection: ConnectionStore
  readonly networks: NetworksStore
  readonly api: BalancesApi
  readonly reader: ChainReader
  readonly snacks: SnackStore
  readonly scheduler: SchedulerLike
  readonly logger: Logger
}

/**
 * Token balances of the connected account (spec sections 7 and 8). Reads the
 * balance service; when it fails or does not support the network, the native balance comes from
 * the chain over RPC and the snack "Token Balance Unavailable" shows once. After a failure the
 * service is not asked again for 30 s (domain `balance-retry`): a blocked refresh keeps the last
 * state and makes no request; a blocked refresh for another account or network reads only the
 * chain. Loads on the first subscription to `state$` and again whenever the account or its
 * network changes.
 *
 * Recovery: after a failed read (the service, or the chain when it is the only source) the store
 * reads again on its own once the retry gap has passed, and again after each further failure, at
 * most `BALANCE_RECOVERY_MAX_ATTEMPTS` times in a row, and only while `state$` has a subscriber
 * (a view showing balances: reading again for nobody is traffic for nothing). A recovery that fell
 * due while nobody watched runs when the next view subscribes. {@link retry} (the "Try again"
 * button) starts the count afresh. When both the service and the chain fail, the last balances of
 * the same account are kept (nothing shown is lost) and marked `stale` once older than their cache
 * life.
 */
export class BalanceStore {
  private readonly subject = new BehaviorSubject<BalanceState>({ status: 'idle' })
  readonly state$: Observable<BalanceState>
  private retryGate: BalanceRetryState = INITIAL_BALANCE_RETRY_STATE
  private following: Subscription | undefined
  private generation = 0
  private readonly unsupportedSnackShown = new Set<string>()
  /** When the next automatic read falls due (scheduler time), or undefined when none is owed. */
  private recoveryDueAt: number | undefined
  private recoveryAttempts = 0
  /** Subscribers of `state$`: the recovery timer runs only while there is one. */
  private watchers = 0
  /** One timer however many subscribers (plain scheduler work: no operator chunk before open). */
  private recoveryTimer: Subscription | undefined
  /** The chain watch of the shown account (while someone watches), and what it watches. */
  private chainWatch: { readonly key: string; readonly stop: () => void } | undefined
  private readonly touched = new Subject<CaipAddress>()
  /**
   * The shown account was touched on chain (a transaction of it by any path, funds or a token to
   * it): balances are read again past the cache; the activity follows this too.
   */
  readonly touched$: Observable<CaipAddress> = this.touched.asObservable()

  constructor(private readonly deps: BalanceStoreDeps) {
    this.state$ = defer(() => {
      this.start()
      return new Observable<BalanceState>((subscriber) => {
        this.watchers += 1
        this.armRecovery()
        this.armChainWatch()
        const state = this.subject.subscribe(subscriber)
        return () => {
          state.unsubscribe()
          this.watchers -= 1
          this.armRecovery()
          this.armChainWatch()
        }
      })
    })
  }

  get snapshot(): BalanceState {
    return this.subject.value
  }

  /**
   * The balances as they are read, for a host's button: starts following the connection but does
   * not count as a view showing balances (no chain watch, no recovery reads for it).
   */
  follow(): Observable<BalanceState> {
    this.start()
    return this.subject.asObservable()
  }

  /** Follows the connection: loads on connect and on every account or network change. Idempotent. */
  start(): void {
    this.following ??= this.deps.connection.state$
      .pipe(
        map((state) => (state.status === 'connected' ? state.caipAddress : undefined)),
        distinctUntilChanged(),
      )
      .subscribe((caipAddress) => {
        if (caipAddress === undefined) {
          this.generation++
          this.stopRecovery()
          this.subject.next({ status: 'idle' })
        } else {
          void this.refresh()
        }
        this.armChainWatch()
      })
  }

  dispose(): void {
    this.following?.unsubscribe()
    this.following = undefined
    this.generation++
    this.stopRecovery()
    this.chainWatch?.stop()
    this.chainWatch = undefined
  }

  /**
   * Watches the connected account on its chain while a view shows balances (issue 41: balances
   * never go stale); each touch reads again with `forceUpdate`, past the 30 s cache.
   */
  private armChainWatch(): void {
    const connection = this.deps.connection.snapshot
    const network = connection.status === 'connected' ? this.deps.networks.find(connection.caipNetworkId) : undefined
    const wanted =
      this.watchers > 0 && this.following !== undefined && connection.status === 'connected' && network !== undefined && this.deps.reader.watchAccount !== undefined
        ? `${connection.caipAddress}`
        : undefined
    if (wanted === this.chainWatch?.key) return
    this.chainWatch?.stop()
    this.chainWatch = undefined
    if (wanted === undefined || connection.status !== 'connected' || network === undefined) return
    const caipAddress = connection.caipAddress as CaipAddress
    const stop = this.deps.reader.watchAccount?.(network, connection.address, () => {
      void this.refresh({ forceUpdate: true })
      this.touched.next(caipAddress)
    })
    if (stop !== undefined) this.chainWatch = { key: wanted, stop }
  }

  /**
   * The visitor's "Try again": reads again now and restarts the automatic recovery count. While the
   * retry gap still holds the service back, only the chain is read again (the service is asked
   * once the gap has passed, by the recovery).
   */
  async retry(): Promise<void> {
    this.recoveryAttempts = 0
    if (canFetchBalance(this.retryGate, this.deps.scheduler.now())) return this.refresh()
    const connection = this.deps.connection.snapshot
    if (connection.status !== 'connected') return
    const caipAddress = connection.caipAddress as CaipAddress
    await this.readChain(++this.generation, caipAddress, connection.address, this.deps.networks.find(connection.caipNetworkId), {
      showSnack: false,
      failed: true,
    })
  }

  /** Loads the balances of the connected account. Never rejects. */
  async refresh(options: RefreshOptions = {}): Promise<void> {
    const connection = this.deps.connection.snapshot
    if (connection.status !== 'connected') {
      this.subject.next({ status: 'idle' })
      return
    }
    const caipAddress = connection.caipAddress as CaipAddress
    const network = this.deps.networks.find(connection.caipNetworkId)
    const last = this.subject.value
    const sameAccount = last.status !== 'idle' && last.caipAddress === caipAddress

    if (!canFetchBalance(this.retryGate, this.deps.scheduler.now())) {
      // Blocked for 30 s after a failure: no service request.
      if (sameAccount) {
        if (last.status === 'ready') this.markStaleIfOld(last)
        return
      }
      await this.readChain(++this.generation, caipAddress, connection.address, network, { showSnack: false, failed: true })
      return
    }

    const generation = ++this.generation
    if (network === undefined) {
      // A network the host did not configure: UnsupportedChain already says so, and neither the
      // service nor the chain is asked (no snack on top of that view).
      this.subject.next({ status: 'unavailable', caipAddress, error: new ChainRequiredForAccountDataError() })
      return
    }
    if (!sameAccount || last.status !== 'ready') this.subject.next({ status: 'loading', caipAddress })

    if (CHAIN_ONLY_BALANCE_NAMESPACES.includes(connection.namespace)) {
      await this.readChain(generation, caipAddress, connection.address, network, { showSnack: false, failed: false })
      return
    }

    const supported = await this.deps.api.isNetworkSupported(connection.caipNetworkId as CaipNetwork['caipNetworkId'])
    if (generation !== this.generation) return
    if (!supported) {
      const showSnack = !this.unsupportedSnackShown.has(connection.caipNetworkId)
      this.unsupportedSnackShown.add(connection.caipNetworkId)
      await this.readChain(generation, caipAddress, connection.address, network, { showSnack, failed: false })
      return
    }

    try {
      const balances = await this.deps.api.getBalances(caipAddress, { forceUpdate: options.forceUpdate ?? false })
      this.retryGate = recordBalanceSuccess(this.retryGate)
      if (generation !== this.generation) return
      this.stopRecovery()
      const tokens = orderTokenBalances(balances)
      this.subject.next({
        status: 'ready',
        caipAddress,
        tokens,
        native: tokens.find(isNativeToken),
        source: 'service',
        fetchedAtMs: this.deps.scheduler.now(),
        failed: false,
        stale: false,
      })
    } catch (error) {
      if (isAbortError(error)) return
      this.retryGate = recordBalanceFailure(this.retryGate, this.deps.scheduler.now())
      this.deps.logger.warn('Balance service unavailable; reading the native balance from the chain', error)
      if (generation !== this.generation) return
      this.scheduleRecovery()
      await this.readChain(generation, caipAddress, connection.address, network, { showSnack: true, failed: true })
    }
  }

  /** An automatic read after the retry gap (see the class comment). */
  private recover(): void {
    this.recoveryDueAt = undefined
    this.recoveryTimer = undefined
    this.recoveryAttempts += 1
    void this.refresh()
  }

  /** Owes one automatic read, a retry gap from now, unless the count is spent. */
  private scheduleRecovery(): void {
    if (this.recoveryAttempts >= BALANCE_RECOVERY_MAX_ATTEMPTS) return
    this.recoveryDueAt = this.deps.scheduler.now() + BALANCE_RETRY_GAP_MS
    this.armRecovery()
  }

  private stopRecovery(): void {
    this.recoveryAttempts = 0
    this.recoveryDueAt = undefined
    this.armRecovery()
  }

  /** (Re)sets the timer for the owed read: running only while someone watches and a read is owed. */
  private armRecovery(): void {
    this.recoveryTimer?.unsubscribe()
    this.recoveryTimer = undefined
    const due = this.recoveryDueAt
    if (this.watchers === 0 || due === undefined) return
    this.recoveryTimer = this.deps.scheduler.schedule(() => this.recover(), Math.max(0, due - this.deps.scheduler.now()))
  }

  private markStaleIfOld(state: ReadyState): void {
    const stale = this.deps.scheduler.now() - state.fetchedAtMs >= BALANCE_CACHE_MS
    if (stale && !state.stale) this.subject.next({ ...state, stale: true })
  }

  private async readChain(
    generation: number,
    caipAddress: CaipAddress,
    address: string,
    network: CaipNetwork | undefined,
    /** `failed`: the service failed, so the chain's answer stands in for it (a retry is offered). */
    options: { readonly showSnack: boolean; readonly failed: boolean },
  ): Promise<void> {
    if (options.showSnack) this.deps.snacks.showMessage('tokenBalanceUnavailable', 'error')
    if (network === undefined) {
      if (generation === this.generation) this.subject.next({ status: 'unavailable', caipAddress, error: new ChainRequiredForAccountDataError() })
      return
    }
    try {
      // Where the chain tells pending funds apart (bip122), both parts are read at once.
      const { confirmed, pending } =
        this.deps.reader.getNativeBalanceParts === undefined
          ? { confirmed: await this.deps.reader.getNativeBalance(network, address), pending: 0n }
          : await this.deps.reader.getNativeBalanceParts(network, address)
      if (generation !== this.generation) return
      const amount = (units: bigint): TokenBalance => ({
        name: network.nativeCurrency.name,
        symbol: network.nativeCurrency.symbol,
        chainId: network.caipNetworkId,
        value: 0,
        price: 0,
        quantity: {
          decimals: String(network.nativeCurrency.decimals),
          numeric: formatUnitsExact(units, network.nativeCurrency.decimals),
        },
        iconUrl: '',
      })
      const native = amount(confirmed + pending)
      this.subject.next({
        status: 'ready',
        caipAddress,
        tokens: [native],
        native,
        ...(pending === 0n ? {} : { parts: { confirmed: amount(confirmed), pending: amount(pending) } }),
        source: 'chain',
        fetchedAtMs: this.deps.scheduler.now(),
        failed: options.failed,
        stale: false,
      })
    } catch (error) {
      if (error instanceof UnsupportedChainReadError) {
        // A family with no chain reader (Polkadot, Cosmos): expected, not a failure, and asking
        // again will not change it.
        this.deps.logger.debug(`No chain reader for ${error.namespace}: its balance is not shown`)
        if (generation === this.generation) this.subject.next({ status: 'unavailable', caipAddress })
        return
      }
      this.deps.logger.warn('Native balance could not be read from the chain', error)
      if (generation !== this.generation) return
      // Nothing answered: a recovery is owed (the service failure already owes one).
      this.scheduleRecovery()
      const last = this.subject.value
      if (last.status === 'ready' && last.caipAddress === caipAddress) {
        // Keep what the visitor saw, marked failed, and stale once past its cache life.
        const stale = this.deps.scheduler.now() - last.fetchedAtMs >= BALANCE_CACHE_MS
        this.subject.next({ ...last, failed: true, stale })
        return
      }
      this.subject.next({
        status: 'unavailable',
        caipAddress,
        error: error instanceof Error ? error : new Error(String(error)),
      })
    }
  }
}
