import { describe, expect, it } from 'vitest'
import { of } from 'rxjs'
import type { BalanceState } from '../../../../src/application/account/balance-store'
import { TransactionsStore, MAX_EMPTY_PAGES } from '../../../../src/application/activity/transactions-store'
import { ConnectionStore } from '../../../../src/application/connection-store'
import type { Transaction, TransactionPage } from '../../../../src/domain/transactions/transaction'
import type { ActivityApi, TransactionsOptions } from '../../../../src/ports/blockchain/activity'
import { ServiceTimeoutError } from '../../../../src/ports/http-errors'
import { aTokenBalance } from '../../../builders/a-token-balance'
import { aFungibleTransfer, aTransaction, anNftTransfer } from '../../../builders/a-transaction'
import { InMemoryActivityApi } from '../../../fakes/blockchain/in-memory-activity-api'
import { FROM, RecordingLogger, connect } from '../send/support'

const CHAIN = 'eip155:31337'
const ACCOUNT = `${CHAIN}:${FROM}`
const DUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const dusd = (quantity: string) => aFungibleTransfer({ fungible_info: { name: 'Devnet USD', symbol: 'dUSD', icon: { url: '' } }, quantity: { numeric: quantity } })

function at(iso: string, transfers = [aFungibleTransfer()]): Transaction {
  return aTransaction({ metadata: { minedAt: iso }, transfers })
}

function aWorld(history: Transaction[], pageSize = 20) {
  const connection = new ConnectionStore()
  connect(connection)
  const api = new InMemoryActivityApi({
    supportedChains: [CHAIN],
    transactions: { [ACCOUNT]: history },
    balances: { [ACCOUNT]: [aTokenBalance({ chainId: CHAIN, address: `${CHAIN}:${DUSD}`, symbol: 'dUSD' })] },
    historyPageSize: pageSize,
  })
  const asked: TransactionsOptions[] = []
  const recording: ActivityApi = {
    getTransactions: (account, options = {}) => {
      asked.push(options)
      return api.getTransactions(account, options)
    },
  }
  const store = new TransactionsStore({ api: recording, balances: NO_BALANCES, connection, logger: new RecordingLogger() })
  return { store, api, asked, connection }
}

const NO_BALANCES = { state$: of<BalanceState>({ status: 'idle' }), snapshot: { status: 'idle' } as BalanceState }

const ids = (store: TransactionsStore) => (store.snapshot.status === 'ready' ? store.snapshot.transactions.map((t) => t.metadata.minedAt) : [])

describe('TransactionsStore', () => {
  it('loads the newest page, drops spam, groups by month then day newest first, and pages to the end', async () => {
    const history = [
      at('2026-12-07T18:00:00.000Z'),
      at('2026-12-07T09:00:00.000Z'),
      at('2026-12-06T10:00:00.000Z', [anNftTransfer(true)]),
      at('2026-12-05T10:00:00.000Z'),
      at('2026-11-30T10:00:00.000Z'),
    ]
    const { store } = aWorld(history, 2)
    await store.load()
    expect(ids(store)).toEqual(['2026-12-07T18:00:00.000Z', '2026-12-07T09:00:00.000Z'])
    // The spam-only page shows nothing: the next one is read at once.
    await store.loadMore()
    await store.loadMore()
    const state = store.snapshot
    expect(state.status === 'ready' && state.next).toBeNull()
    expect(ids(store)).toEqual(['2026-12-07T18:00:00.000Z', '2026-12-07T09:00:00.000Z', '2026-12-05T10:00:00.000Z', '2026-11-30T10:00:00.000Z'])
    if (state.status !== 'ready') throw new Error('not ready')
    expect(state.months.map((m) => [m.month, m.days.map((d) => [d.key, d.transactions.length])])).toEqual([
      [11, [['2026-12-07', 2], ['2026-12-05', 1]]],
      [10, [['2026-11-30', 1]]],
    ])
  })

  it("asks the service for a token's history, from its first page, and back to every token's", async () => {
    const history = [at('2026-12-07T18:00:00.000Z'), at('2026-12-06T18:00:00.000Z', [dusd('5')]), at('2026-12-05T18:00:00.000Z'), at('2026-12-04T18:00:00.000Z', [dusd('7')])]
    const { store, asked } = aWorld(history, 1)
    await store.load()
    await store.selectToken(DUSD)
    expect(asked.at(-1)).toMatchObject({ token: DUSD, cursor: null })
    expect(store.snapshot).toMatchObject({ status: 'ready', token: DUSD })
    expect(ids(store)).toEqual(['2026-12-06T18:00:00.000Z'])
    await store.loadMore()
    expect(asked.at(-1)).toMatchObject({ token: DUSD })
    expect(ids(store)).toEqual(['2026-12-06T18:00:00.000Z', '2026-12-04T18:00:00.000Z'])
    await store.selectToken('all')
    expect(asked.at(-1)).not.toHaveProperty('token')
    expect(ids(store)).toEqual(['2026-12-07T18:00:00.000Z'])
  })

  it('shows an empty token history as ready with no rows', async () => {
    const { store } = aWorld([at('2026-12-07T18:00:00.000Z')])
    await store.selectToken(DUSD)
    expect(store.snapshot).toMatchObject({ status: 'ready', token: DUSD, transactions: [], next: null })
  })

  it('a failed first page is an error with a retry; a failed later page keeps the rows and retries that page', async () => {
    const history = [at('2026-12-07T18:00:00.000Z'), at('2026-12-06T18:00:00.000Z'), at('2026-12-05T18:00:00.000Z')]
    const { store, api } = aWorld(history, 1)
    api.failNext('getTransactions', new ServiceTimeoutError('/v1/account/x/history', 10_000))
    await store.load()
    expect(store.snapshot).toMatchObject({ status: 'error', failure: { code: 'snack.failedToFetchTransactions' } })
    await store.retry()
    expect(ids(store)).toEqual(['2026-12-07T18:00:00.000Z'])
    api.failNext('getTransactions', new ServiceTimeoutError('/v1/account/x/history', 10_000))
    await store.loadMore()
    expect(store.snapshot).toMatchObject({ status: 'ready', moreFailed: { code: 'snack.failedToFetchTransactions' }, loadingMore: false })
    expect(ids(store)).toEqual(['2026-12-07T18:00:00.000Z'])
    // Load more waits for the retry, which asks for the same page.
    await store.loadMore()
    expect(ids(store)).toEqual(['2026-12-07T18:00:00.000Z'])
    await store.retry()
    expect(ids(store)).toEqual(['2026-12-07T18:00:00.000Z', '2026-12-06T18:00:00.000Z'])
    expect(store.snapshot).not.toHaveProperty('moreFailed')
  })

  it("drops the answer of a filter left before it came", async () => {
    let release: (page: TransactionPage) => void = () => undefined
    const connection = new ConnectionStore()
    connect(connection)
    const api: ActivityApi = {
      getTransactions: (_, options = {}) =>
        options.token === undefined ? new Promise<TransactionPage>((resolve) => (release = resolve)) : Promise.resolve({ data: [at('2026-12-01T00:00:00.000Z', [dusd('1')])], next: null }),
    }
    const store = new TransactionsStore({ api, balances: NO_BALANCES, connection, logger: new RecordingLogger() })
    const first = store.load()
    await store.selectToken(DUSD)
    release({ data: [at('2026-12-07T00:00:00.000Z')], next: null })
    await first
    expect(store.snapshot).toMatchObject({ status: 'ready', token: DUSD })
    expect(ids(store)).toEqual(['2026-12-01T00:00:00.000Z'])
  })

  it(`stops after ${MAX_EMPTY_PAGES} pages with nothing to show, leaving the next for the view to ask`, async () => {
    const spam = Array.from({ length: MAX_EMPTY_PAGES + 2 }, (_, i) => at(`2026-12-0${9 - i}T00:00:00.000Z`, [anNftTransfer(true)]))
    const { store, asked } = aWorld(spam, 1)
    await store.load()
    expect(asked.length).toBe(MAX_EMPTY_PAGES)
    expect(store.snapshot).toMatchObject({ status: 'ready', transactions: [] })
    const state = store.snapshot
    expect(state.status === 'ready' && state.next).not.toBeNull()
  })

  it('starts over with every token when the account changes', async () => {
    const { store, connection } = aWorld([at('2026-12-07T18:00:00.000Z', [dusd('1')])])
    await store.selectToken(DUSD)
    connection.set({ status: 'disconnected' })
    expect(store.snapshot).toEqual({ status: 'idle', token: 'all' })
  })
})
