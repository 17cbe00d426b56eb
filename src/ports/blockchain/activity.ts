import type { ServiceIdentifier } from 'inversify'
import type { CaipAddress } from '../../domain/entities'
import type { TransactionPage } from '../../domain/transactions/transaction'
import type { RequestOptions } from './request-options'

/** An account's history from the blockchain service (failures, options: `./request-options`). */
export interface ActivityApi {
  /**
   * One page of history (GET /v1/account/{address}/history?cursor=&onramp=&chainId=&token=), newest
   * first. MUST resolve `{ data: [], next: null }` without a request on an unsupported network
   * (activity: eip155 only). With `token`, MUST answer only the transactions that moved that token
   * (the service filters, across every page; a page may hold fewer rows than the page size and still
   * have a `next`). A `cursor` is good only with the `token` (and `onramp`) of the page that gave it:
   * with another, and for a malformed `token`, it rejects with `HttpError` 400.
   */
  getTransactions(account: CaipAddress, options?: TransactionsOptions): Promise<TransactionPage>
}
export const ActivityApi = Symbol('ActivityApi') as ServiceIdentifier<ActivityApi>

export interface TransactionsOptions extends RequestOptions {
  readonly cursor?: string | null
  /** On-ramp provider whose purchases to include, e.g. `coinbase`. */
  readonly onramp?: string
  /**
   * Only this token's history: `native` for the network's own coin, else the token's contract as its
   * network writes it (the address part of its CAIP-10 address: see `historyTokenOf`).
   */
  readonly token?: string
}
