import type { CaipAddress } from '../../../domain/entities'
import type { TransactionPage } from '../../../domain/transactions/transaction'
import type { ActivityApi, TransactionsOptions } from '../../../ports/blockchain/activity'
import type { SupportedChainsApi } from '../../../ports/blockchain/supported-chains'
import { segment } from '../caip'
import type { FetchHttpClient } from '../fetch-http-client'
import { supportedAccount } from './supported-account'
import { transactionPageSchema } from '../../../wire/chain-data'
import type { historyQuerySchema, OwnQuery } from '../../../wire/requests'

/** {@link ActivityApi} over the blockchain service's HTTP API (docs/service-api.md). */
export class FetchActivityApi implements ActivityApi {
  constructor(
    private readonly http: FetchHttpClient,
    private readonly chains: SupportedChainsApi,
  ) {}

  async getTransactions(account: CaipAddress, options: TransactionsOptions = {}): Promise<TransactionPage> {
    options.signal?.throwIfAborted()
    const parsed = await supportedAccount(this.chains, account, 'activity', options)
    if (!parsed) return { data: [], next: null }
    return this.http.get(`/v1/account/${segment(parsed.address)}/history`, transactionPageSchema, {
      query: { cursor: options.cursor ?? undefined, onramp: options.onramp, chainId: parsed.chainId, token: options.token } satisfies OwnQuery<typeof historyQuerySchema>,
      signal: options.signal,
    })
  }
}
