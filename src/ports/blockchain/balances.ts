import type { ServiceIdentifier } from 'inversify'
import type { CaipAddress, TokenBalance } from '../../domain/entities'
import type { CachedRequestOptions } from './request-options'
import type { SupportedChainsApi } from './supported-chains'

/**
 * Token balances from the blockchain service (failures, options and "supported network":
 * `./request-options`). `isNetworkSupported` is {@link SupportedChainsApi}'s, so a caller can tell
 * "no balances" from "the service does not run this network".
 */
export interface BalancesApi extends Pick<SupportedChainsApi, 'isNetworkSupported'> {
  /**
   * Token balances of the account on its network (GET /v1/account/{address}/balance?currency=usd&
   * chainId=&forceUpdate=). MUST resolve [] without a request on an unsupported network (balance:
   * eip155 and solana). Cached 30 s per account and network; `forceUpdate` bypasses the cache and
   * asks the service for fresh data.
   */
  getBalances(account: CaipAddress, options?: CachedRequestOptions): Promise<TokenBalance[]>
}
export const BalancesApi = Symbol('BalancesApi') as ServiceIdentifier<BalancesApi>
