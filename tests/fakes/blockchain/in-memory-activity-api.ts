import type { CaipAddress } from '../../../src/domain/entities'
import type { Transaction, TransactionPage } from '../../../src/domain/transactions/transaction'
import type { ActivityApi, TransactionsOptions } from '../../../src/ports/blockchain/activity'
import { HttpError } from '../../../src/ports/http-errors'
import { HISTORY_TOKEN_PATTERN } from '../../../src/wire/requests'
import { addressPart, FakeService, servedAccount, type InMemoryBlockchainSeed } from './fake-service'

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
      const token = options.token
      // As the service: a malformed filter, or a cursor given out with another filter, is a 400.
      if (token !== undefined && !HISTORY_TOKEN_PATTERN.test(token)) throw refusal('Invalid query parameter token')
      const filter = token ?? ''
      const all = (this.history.get(account.toLowerCase()) ?? []).filter((t) => token === undefined || this.moved(account, t, token))
      const size = this.seed.historyPageSize ?? 20
      let start = 0
      if (options.cursor) {
        const [offset, tag = ''] = options.cursor.split('~')
        if (tag !== filter || !/^\d+$/.test(offset ?? '')) throw refusal('Invalid cursor')
        start = Number(offset)
      }
      const data = all.slice(start, start + size)
      const next = start + size < all.length ? `${start + size}${filter === '' ? '' : `~${filter}`}` : null
      return { data, next }
    })
  }

  /**
   * Whether the transaction moved the token: the fake knows a token by the symbol the seed's
   * balances give its contract (or the account's native balance), as its transfers name it.
   */
  private moved(account: CaipAddress, transaction: Transaction, token: string): boolean {
    const chain = account.split(':').slice(0, 2).join(':')
    const balances = Object.values(this.seed.balances ?? {}).flat().filter((b) => b.chainId === chain)
    const contract = token.includes('/') ? (token.split(':').pop() ?? '') : token
    const native = token === 'native' || token.includes('/slip44:')
    const symbol = balances.find((b) => (native ? b.address === undefined : addressPart(b.address ?? '').toLowerCase() === contract.toLowerCase()))?.symbol
    return symbol !== undefined && transaction.transfers.some((t) => t.fungible_info?.symbol === symbol)
  }
}

function refusal(message: string): HttpError {
  return new HttpError(new Response(JSON.stringify({ message }), { status: 400 }), { message })
}
