import { afterEach, describe, expect, it, vi } from 'vitest'
import { Subject, VirtualTimeScheduler, asyncScheduler } from 'rxjs'
import { ActivityStore, RECEIPT_POLL_INTERVAL_MS } from '../../../../src/application/activity/activity-store'
import { toActivityEntry } from '../../../../src/application/activity/activity-entry'
import { ConnectionStore } from '../../../../src/application/connection-store'
import type { Transaction } from '../../../../src/domain/transactions/transaction'
import { HttpError, ServiceTimeoutError } from '../../../../src/ports/http-errors'
import { aFungibleTransfer, aHash, aTransaction, anNftTransfer } from '../../../builders/a-transaction'
import { FakeTokenTransfers } from '../../../fakes/fake-token-transfers'
import { InMemoryActivityApi } from '../../../fakes/blockchain/in-memory-activity-api'
import { FROM, RecordingLogger, RecordingNotifier, connect } from '../send/support'

const ACCOUNT = `eip155:31337:${FROM}`

function at(iso: string, overrides: Parameters<typeof aTransaction>[0] = {}): Transaction {
  return aTransaction({ ...overrides, metadata: { minedAt: iso, ...overrides.metadata } })
}

function aWorld(history: Transaction[] = [], pageSize = 20) {
  const connection = new ConnectionStore()
  connect(connection)
  const api = new InMemoryActivityApi({
    supportedChains: ['eip155:31337', 'eip155:31338'],
    transactions: { [ACCOUNT]: history },
    historyPageSize: pageSize,
  })
  const transfers = new FakeTokenTransfers()
  const notifier = new RecordingNotifier()
  const logger = new RecordingLogger()
  const store = new ActivityStore({ api, connection, transfers, scheduler: asyncScheduler, notifier, logger })
  return { store, api, connection, transfers, notifier, logger }
}

function ids(store: ActivityStore): string[] {
  const s = store.snapshot
  return s.status === 'ready' ? s.transactions.map((t) => t.id) : []
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ActivityStore', () => {
  it('on a family whose activity is not read (Bitcoin) says so, and asks the service nothing', async () => {
    const { store, api, connection } = aWorld()
    connection.set({ status: 'connected', connectorId: 'btc', namespace: 'bip122', caipAddress: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328:bcrt1qtest', address: 'bcrt1qtest', caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' })
    await store.load()
    expect(store.snapshot).toEqual({ status: 'notRead', namespace: 'bip122' })
    expect(api.calls.filter((c) => c === 'getTransactions')).toEqual([])
  })

  it('loads the first page, drops spam and other chains, groups by year then month newest first', async () => {
    const march = at('2025-03-15T12:00:00.000Z')
    const april = at('2025-04-02T08:00:00.000Z')
    const lastYear = at('2024-12-31T23:00:00.000Z')
    const spam = at('2025-04-03T00:00:00.000Z', { transfers: [anNftTransfer(true)] })
    const otherChain = at('2025-04-04T00:00:00.000Z', { metadata: { chain: 'eip155:31338' } })
    const { store } = aWorld([march, lastYear, april, spam, otherChain])

    await store.load()
    const s = store.snapshot
    expect(s.status).toBe('ready')
    if (s.status !== 'ready') return
    expect(s.transactions.map((t) => t.id)).toEqual([april.id, march.id, lastYear.id])
    expect(s.groups.map((g) => [g.year, g.months.map((m) => m.month)])).toEqual([
      [2025, [3, 2]],
      [2024, [11]],
    ])
    expect(s.empty).toBe(false)
  })

  it('keeps a contract call without transfers: the Activity tab shows it as a contract interaction', async () => {
    const call = at('2025-04-05T00:00:00.000Z', { transfers: [], metadata: { operationType: 'execute' } })
    const send = at('2025-04-01T00:00:00.000Z')
    const { store } = aWorld([call, send])

    await store.load()
    expect(ids(store)).toEqual([call.id, send.id])
    const s = store.snapshot
    const shown = s.status === 'ready' ? s.transactions.find((t) => t.id === call.id) : undefined
    expect(shown && toActivityEntry(shown).label).toBe('ContractInteraction')
  })

  it('fetches further pages by cursor and stops when there is no next page', async () => {
    const history = Array.from({ length: 5 }, (_, i) => at(`2025-01-0${9 - i}T00:00:00.000Z`))
    const { store, api } = aWorld(history, 2)
    await store.load()
    expect(ids(store)).toHaveLength(2)
    await store.loadMore()
    await store.loadMore()
    expect(ids(store)).toEqual(history.map((t) => t.id))
    const s = store.snapshot
    expect(s.status === 'ready' && s.next).toBeNull()
    await store.loadMore()
    expect(api.calls.filter((c) => c === 'getTransactions')).toHaveLength(3)
  })

  it('a failed fetch shows "Failed to fetch transactions", is empty with no next page, and retry recovers', async () => {
    const tx = at('2025-01-01T00:00:00.000Z')
    const { store, api, notifier, logger } = aWorld([tx])
    api.failNext('getTransactions', new HttpError(new Response(null, { status: 500 })))
    await store.load()
    expect(store.snapshot).toEqual({ status: 'error', failure: { code: 'snack.failedToFetchTransactions' }, empty: true, next: null })
    expect(notifier.errors).toEqual(['Failed to fetch transactions'])
    expect(logger.warnings).toContain('Failed to fetch transactions')
    expect(logger.errors).toEqual([])

    await store.retry()
    expect(ids(store)).toEqual([tx.id])
  })

  it('a history request that ran out of time fails like a 500 (never dropped as an abort), and retry recovers', async () => {
    const tx = at('2025-01-01T00:00:00.000Z')
    const { store, api, notifier } = aWorld([tx])
    api.failNext('getTransactions', new ServiceTimeoutError('/v1/account/x/history', 10_000))
    await store.load()
    expect(store.snapshot).toEqual({ status: 'error', failure: { code: 'snack.failedToFetchTransactions' }, empty: true, next: null })
    expect(notifier.errors).toEqual(['Failed to fetch transactions'])
    await store.retry()
    expect(ids(store)).toEqual([tx.id])
  })

  it('a failed next page keeps the list, clears next and says so', async () => {
    const history = Array.from({ length: 3 }, (_, i) => at(`2025-01-0${9 - i}T00:00:00.000Z`))
    const { store, api, notifier } = aWorld(history, 2)
    await store.load()
    api.failNext('getTransactions', new HttpError(new Response(null, { status: 500 })))
    await store.loadMore()
    const s = store.snapshot
    expect(s.status).toBe('ready')
    expect(s.status === 'ready' && s.next).toBeNull()
    expect(ids(store)).toHaveLength(2)
    expect(notifier.errors).toEqual(['Failed to fetch transactions'])
  })

  it('shows a sent transaction at once as pending, settles it from its receipt and merges it with the history', async () => {
    vi.useFakeTimers()
    const older = at('2025-01-01T00:00:00.000Z')
    const { store, api, transfers } = aWorld([older])
    await store.load()

    const hash = aHash()
    const pending = aTransaction({
      id: hash,
      metadata: { status: 'pending', minedAt: '2026-11-22T03:00:00.000Z' },
      transfers: [aFungibleTransfer({ quantity: { numeric: '0.25' } })],
    })
    store.addPending(pending)
    expect(ids(store)).toEqual([hash, older.id])
    const first = store.snapshot.status === 'ready' ? store.snapshot.transactions[0] : undefined
    expect(first?.metadata.status).toBe('pending')

    await vi.advanceTimersByTimeAsync(RECEIPT_POLL_INTERVAL_MS * 2)
    expect(transfers.receiptChecks.length).toBeGreaterThanOrEqual(2)
    expect(store.snapshot.status === 'ready' && store.snapshot.transactions[0]?.metadata.status).toBe('pending')

    // Mined and indexed: the receipt confirms it and the indexed copy replaces the local one.
    transfers.receipts.set(hash, 'confirmed')
    api.addTransaction(ACCOUNT, aTransaction({ id: hash, metadata: { status: 'confirmed', minedAt: '2026-11-22T03:00:01.000Z' } }))
    const checks = transfers.receiptChecks.length
    await vi.advanceTimersByTimeAsync(RECEIPT_POLL_INTERVAL_MS)
    const s = store.snapshot
    expect(s.status === 'ready' && s.transactions.map((t) => [t.id, t.metadata.status])).toEqual([
      [hash, 'confirmed'],
      [older.id, 'confirmed'],
    ])
    await vi.advanceTimersByTimeAsync(RECEIPT_POLL_INTERVAL_MS * 5)
    expect(transfers.receiptChecks.length).toBe(checks + 1)
  })

  it('two transactions in the same second: the newer one first, as sent and as the chain indexed them', async () => {
    const { store, api } = aWorld([])
    await store.load()
    const second = '2026-11-22T03:00:00.000Z'
    const first = aTransaction({ id: aHash(), metadata: { status: 'pending', minedAt: second } })
    const then = aTransaction({ id: aHash(), metadata: { status: 'pending', minedAt: second } })
    store.addPending(first)
    store.addPending(then)
    expect(ids(store)).toEqual([then.id, first.id])

    // Indexed (newest first, by block then index); the local entries keep following that order.
    api.addTransaction(ACCOUNT, aTransaction({ id: first.id, metadata: { minedAt: second } }))
    api.addTransaction(ACCOUNT, aTransaction({ id: then.id, metadata: { minedAt: second } }))
    await store.load()
    expect(ids(store)).toEqual([then.id, first.id])
    store.dispose()
  })

  it('a transaction sent before the tab was opened shows at once, and opening the tab still loads the history', async () => {
    const older = at('2025-01-01T00:00:00.000Z')
    const { store } = aWorld([older])
    const hash = aHash()
    store.addPending(aTransaction({ id: hash, metadata: { status: 'pending', minedAt: '2026-11-22T03:00:00.000Z' } }))
    expect(ids(store)).toEqual([hash])
    await store.load()
    expect(ids(store)).toEqual([hash, older.id])
    store.dispose()
  })

  it('a failed receipt turns the entry failed', async () => {
    vi.useFakeTimers()
    const { store, transfers } = aWorld([])
    await store.load()
    const hash = aHash()
    transfers.receipts.set(hash, 'failed')
    store.addPending(aTransaction({ id: hash, metadata: { status: 'pending' } }))
    await vi.advanceTimersByTimeAsync(0)
    expect(store.snapshot.status === 'ready' && store.snapshot.transactions[0]?.metadata.status).toBe('failed')
  })

  it('another account starts over: the old list and pending entries go, the new history loads', async () => {
    const { store, api, connection } = aWorld([at('2025-01-01T00:00:00.000Z')])
    const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const theirs = at('2025-02-01T00:00:00.000Z', { metadata: { sentFrom: other } })
    api.addTransaction(`eip155:31337:${other}`, theirs)
    await store.load()
    store.addPending(aTransaction({ metadata: { status: 'pending' } }))
    connection.set({
      status: 'connected',
      connectorId: 'x',
      namespace: 'eip155',
      caipAddress: `eip155:31337:${other}`,
      address: other,
      caipNetworkId: 'eip155:31337',
    })
    await vi.waitFor(() => expect(ids(store)).toEqual([theirs.id]))
  })

  it("loading without an account throws the spec's error", async () => {
    const { store, connection } = aWorld([])
    connection.set({ status: 'disconnected' })
    await expect(store.load()).rejects.toThrow("Transactions can't be fetched without an accountAddress")
  })

  it('reads the first page again when the account is touched on chain, and once more after the indexing lag (issue 41 item 3)', async () => {
    const connection = new ConnectionStore()
    connect(connection)
    const older = at('2025-03-15T12:00:00.000Z')
    const api = new InMemoryActivityApi({ supportedChains: ['eip155:31337'], transactions: { [ACCOUNT]: [older] } })
    const touched$ = new Subject<unknown>()
    const scheduler = new VirtualTimeScheduler()
    const store = new ActivityStore({ api, connection, transfers: new FakeTokenTransfers(), scheduler, notifier: new RecordingNotifier(), logger: new RecordingLogger(), touched$ })
    await store.load()
    expect(ids(store)).toEqual([older.id])

    // A transfer from outside the page: the history has it at once, or only once it indexed the block.
    const incoming = at('2025-03-16T12:00:00.000Z')
    api.addTransaction(ACCOUNT as `eip155:${string}:${string}`, incoming)
    touched$.next(undefined)
    await vi.waitFor(() => expect(ids(store)).toEqual([incoming.id, older.id]))
    const late = at('2025-03-17T12:00:00.000Z')
    api.addTransaction(ACCOUNT as `eip155:${string}:${string}`, late)
    scheduler.flush()
    await vi.waitFor(() => expect(ids(store)).toEqual([late.id, incoming.id, older.id]))
    store.dispose()
  })
})
