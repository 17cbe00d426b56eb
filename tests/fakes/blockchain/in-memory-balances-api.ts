import type { CaipAddress, CaipNetworkId, TokenBalance } from '../../../src/domain/entities'
import type { BalancesApi } from '../../../src/ports/blockchain/balances'
import type { CachedRequestOptions, RequestOptions } from '../../../src/ports/blockchain/request-options'
import { aborted, FakeService, servedAccount, supportedChainsOf, type InMemoryBlockchainSeed } from './fake-service'

/**
 * An in-memory {@link BalancesApi} over seeded balances, keeping the port's rule on unsupported
 * networks; passes the same contract suite as `FetchBalancesApi`.
 */
export class InMemoryBalancesApi extends FakeService<'getBalances'> implements BalancesApi {
  private readonly balances = new Map<string, TokenBalance[]>()

  constructor(private readonly seed: InMemoryBlockchainSeed = {}) {
    super()
    for (const [account, list] of Object.entries(seed.balances ?? {})) this.balances.set(account.toLowerCase(), [...list])
  }

  /** Replaces an account's balances (as a transfer on chain would). */
  setBalances(account: CaipAddress, balances: readonly TokenBalance[]): void {
    this.balances.set(account.toLowerCase(), [...balances])
  }

  isNetworkSupported(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<boolean> {
    aborted(options)
    return Promise.resolve(supportedChainsOf(this.seed).includes(chainId))
  }

  getBalances(account: CaipAddress, options: CachedRequestOptions = {}): Promise<TokenBalance[]> {
    if (!servedAccount(this.seed, account, 'balance')) return this.local(options, () => [])
    return this.serve('getBalances', options, () => [...(this.balances.get(account.toLowerCase()) ?? [])])
  }
}
