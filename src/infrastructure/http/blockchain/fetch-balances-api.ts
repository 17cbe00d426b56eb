import { BALANCE_CACHE_MS } from '../../../domain/constants'
import type { CaipAddress, CaipNetworkId, TokenBalance } from '../../../domain/entities'
import type { BalancesApi } from '../../../ports/blockchain/balances'
import type { CachedRequestOptions, RequestOptions } from '../../../ports/blockchain/request-options'
import type { SupportedChainsApi } from '../../../ports/blockchain/supported-chains'
import type { Clock } from '../../../ports/clock'
import { segment } from '../caip'
import type { FetchHttpClient } from '../fetch-http-client'
import { TtlCache } from '../ttl-cache'
import { supportedAccount } from './supported-account'
import { balancesSchema } from '../../../wire/chain-data'
import type { balanceQuerySchema, OwnQuery } from '../../../wire/requests'

/** {@link BalancesApi} over the blockchain service's HTTP API (docs/service-api.md). */
export class FetchBalancesApi implements BalancesApi {
  private readonly balances: TtlCache<TokenBalance[]>

  constructor(
    private readonly http: FetchHttpClient,
    private readonly chains: SupportedChainsApi,
    clock: Clock,
  ) {
    this.balances = new TtlCache(clock, BALANCE_CACHE_MS)
  }

  isNetworkSupported(chainId: CaipNetworkId, options?: RequestOptions): Promise<boolean> {
    return this.chains.isNetworkSupported(chainId, options)
  }

  async getBalances(account: CaipAddress, options: CachedRequestOptions = {}): Promise<TokenBalance[]> {
    options.signal?.throwIfAborted()
    const parsed = await supportedAccount(this.chains, account, 'balance', options)
    if (!parsed) return []
    const key = `${parsed.chainId}|${parsed.address.toLowerCase()}`
    // A copy, so a caller sorting or filtering in place never changes what the cache holds.
    const balances = await this.balances.getOrLoad(key, options.forceUpdate, async () => {
      const answer = await this.http.get(`/v1/account/${segment(parsed.address)}/balance`, balancesSchema, {
        query: {
          currency: 'usd',
          chainId: parsed.chainId,
          forceUpdate: options.forceUpdate ? 'true' : undefined,
        } satisfies OwnQuery<typeof balanceQuerySchema>,
        signal: options.signal,
        // The balance store's 30 s retry gate (spec section 8) is this call's only retry rule.
        retry: false,
      })
      return answer.balances
    })
    return [...balances]
  }
}
