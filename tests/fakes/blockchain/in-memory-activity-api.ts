import type { CaipAddress } from '../../../src/domain/entities'
import type { Transaction, TransactionPage } from '../../../src/domain/transactions/transaction'
import type { ActivityApi, TransactionsOptions } from '../../../src/ports/blockchain/activity'
import { FakeService, servedAccount, type InMemoryBlockchainSeed } from './fake-service'

/**
 * An in-memory {@link ActivityApi} over seeded history, paged like the service; passes the same
 * contract suite as `FetchActivityApi`.
 */
export class InMemoryActivityApi extends FakeService<'getTransactions'> implements ActivityApi {
  private readonly history = new Map<string, Transaction[]>()

  constructor(private readonly seed: InMemoryBlockchainSeed = {}) {
    super()
    for (const [account, list] of Object.entries(seed.transactions ?? {})) this.history.set(account.toLowerCase(), [...list])
  }

  /** Adds a transaction at the top of an account's history. */
  addTransaction(account: CaipAddress, transaction: Transaction): void {
    const list = this.history.get(account.toLowerCase()) ?? []
    this.history.set(account.toLowerCase(), [transaction, ...list.filter((t) => t.id !== transaction.id)])
  }

  getTransactions(account: CaipAddress, options: TransactionsOptions = {}): Promise<TransactionPage> {
    if (!servedAccount(this.seed, account, 'activity')) return this.local(options, () => ({ data: [], next: null }))
    return this.serve('getTransactions', options, () => {
      const all = this.history.get(account.toLowerCase()) ?? []
      const size = this.seed.historyPageSize ?? 20
      const start = options.cursor ? Number(options.cursor) : 0
      const data = all.slice(start, start + size)
      const next = start + size < all.length ? String(start + size) : null
      return { data, next }
    })
  }
}
