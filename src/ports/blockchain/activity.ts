import type { ServiceIdentifier } from 'inversify'
import type { CaipAddress } from '../../domain/entities'
import type { TransactionPage } from '../../domain/transactions/transaction'
import type { RequestOptions } from './request-options'

/** An account's history from the blockchain service (failures, options: `./request-options`). */
export interface ActivityApi {
  /**
   * One page of history (GET /v1/account/{address}/history?cursor=&onramp=&chainId=), newest first.
   * MUST resolve `{ data: [], next: null }` without a request on an unsupported network
   * (activity: eip155 only).
   */
  getTransactions(account: CaipAddress, options?: TransactionsOptions): Promise<TransactionPage>
}
export const ActivityApi = Symbol('ActivityApi') as ServiceIdentifier<ActivityApi>

export interface TransactionsOptions extends RequestOptions {
  readonly cursor?: string | null
  /** On-ramp provider whose purchases to include, e.g. `coinbase`. */
  readonly onramp?: string
}
