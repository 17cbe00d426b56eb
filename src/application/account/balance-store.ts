import { BehaviorSubject, defer, distinctUntilChanged, map, type Observable, type SchedulerLike, type Subscription } from 'rxjs'
import { isNativeToken } from '../../domain/balances/token-balances'
import type { CaipAddress, CaipNetwork, TokenBalance } from '../../domain/entities'
import { formatUnitsExact } from '../../domain/format/amount'
import {
  INITIAL_BALANCE_RETRY_STATE,
  canFetchBalance,
  recordBalanceFailure,
  recordBalanceSuccess,
  type BalanceRetryState,
} from '../../domain/limits/balance-retry'
import type { BlockchainApi } from '../../ports/blockchain-api'
import type { ChainReader } from '../../ports/chain-reader'
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
      /** `chain`: the service failed or does not support the network; only the native balance, no fiat. */
      readonly source: BalanceSource
    }
  /** Neither the service nor the chain could tell (e.g. a network the host did not configure). */
  | { readonly status: 'unavailable'; readonly caipAddress: CaipAddress; readonly error?: Error }

export interface RefreshOptions {
  /** Ask the service for fresh data, bypassing caches (after a send, for example). */
  readonly forceUpdate?: boolean
}

/**
 * Token balances of the connected account (spec sections 7 and 8). Reads the
 * balance service; when it fails or does not support the network, the native balance comes from
 * the chain over RPC and the snack "Token Balance Unavailable" shows once. After a failure the
 * service is not asked again for 30 s (domain `balance-retry`): a blocked refresh keeps the last
 * state and makes no request; a blocked refresh for another account or network reads only the
 * chain. Loads on the first subscription to `state$` and again whenever the account or its
 * network changes.
 */
export class BalanceStore {
  private readonly subject = new BehaviorSubject<BalanceState>({ status: 'idle' })
  readonly state$: Observable<BalanceState>
  private retry: BalanceRetryState = INITIAL_BALANCE_RETRY_STATE
  private following: Subscription | undefined
  private generation = 0
  private readonly unsupportedSnackShown = new Set<string>()

  constructor(
    private readonly connection: ConnectionStore,
    private readonly networks: NetworksStore,
    private readonly api: BlockchainApi,
    private readonly chain: ChainReader,
    private readonly snacks: SnackStore,
    private readonly scheduler: SchedulerLike,
    private readonly logger: Logger,
  ) {
    this.state$ = defer(() => {
      this.start()
      return this.subject
    })
  }

  get snapshot(): BalanceState {
    return this.subject.value
  }

  /** Follows the connection: loads on connect and on every account or network change. Idempotent. */
  start(): void {
    this.following ??= this.connection.state$
      .pipe(
        map((state) => (state.status === 'connected' ? state.caipAddress : undefined)),
        distinctUntilChanged(),
      )
      .subscribe((caipAddress) => {
        if (caipAddress === undefined) {
          this.generation++
          this.subject.next({ status: 'idle' })
        } else {
          void this.refresh()
        }
      })
  }

  dispose(): void {
    this.following?.unsubscribe()
    this.following = undefined
    this.generation++
  }

  /** Loads the balances of the connected account. Never rejects. */
  async refresh(options: RefreshOptions = {}): Promise<void> {
    const connection = this.connection.snapshot
    if (connection.status !== 'connected') {
      this.subject.next({ status: 'idle' })
      return
    }
    const caipAddress = connection.caipAddress as CaipAddress
    const network = this.networks.find(connection.caipNetworkId)
    const last = this.subject.value
    const sameAccount = last.status !== 'idle' && last.caipAddress === caipAddress

    if (!canFetchBalance(this.retry, this.scheduler.now())) {
      // Blocked for 30 s after a failure: no service request.
      if (sameAccount) return
      await this.readChain(++this.generation, caipAddress, connection.address, network, false)
      return
    }

    const generation = ++this.generation
    if (!sameAccount || last.status !== 'ready') this.subject.next({ status: 'loading', caipAddress })

    const supported = await this.api.isNetworkSupported(connection.caipNetworkId as CaipNetwork['caipNetworkId'])
    if (generation !== this.generation) return
    if (!supported) {
      const showSnack = !this.unsupportedSnackShown.has(connection.caipNetworkId)
      this.unsupportedSnackShown.add(connection.caipNetworkId)
      await this.readChain(generation, caipAddress, connection.address, network, showSnack)
      return
    }

    try {
      const balances = await this.api.getBalances(caipAddress, { forceUpdate: options.forceUpdate ?? false })
      this.retry = recordBalanceSuccess(this.retry)
      if (generation !== this.generation) return
      const tokens = orderTokenBalances(balances)
      this.subject.next({
        status: 'ready',
        caipAddress,
        tokens,
        native: tokens.find(isNativeToken),
        source: 'service',
      })
    } catch (error) {
      if (isAbortError(error)) return
      this.retry = recordBalanceFailure(this.retry, this.scheduler.now())
      this.logger.warn('Balance service unavailable; reading the native balance from the chain', error)
      if (generation !== this.generation) return
      await this.readChain(generation, caipAddress, connection.address, network, true)
    }
  }

  private async readChain(
    generation: number,
    caipAddress: CaipAddress,
    address: string,
    network: CaipNetwork | undefined,
    showSnack: boolean,
  ): Promise<void> {
    if (showSnack) this.snacks.showMessage('tokenBalanceUnavailable', 'error')
    if (network === undefined) {
      if (generation === this.generation) this.subject.next({ status: 'unavailable', caipAddress })
      return
    }
    try {
      const units = await this.chain.getNativeBalance(network, address)
      if (generation !== this.generation) return
      const native: TokenBalance = {
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
      }
      this.subject.next({ status: 'ready', caipAddress, tokens: [native], native, source: 'chain' })
    } catch (error) {
      this.logger.warn('Native balance could not be read from the chain', error)
      if (generation !== this.generation) return
      this.subject.next({
        status: 'unavailable',
        caipAddress,
        error: error instanceof Error ? error : new Error(String(error)),
      })
    }
  }
}
