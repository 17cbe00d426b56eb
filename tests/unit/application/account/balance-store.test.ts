import { VirtualTimeScheduler, firstValueFrom, filter } from 'rxjs'
import { describe, expect, it, vi } from 'vitest'
import { BalanceStore, type BalanceState } from '../../../../src/application/account/balance-store'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { NetworksStore } from '../../../../src/application/networks/networks-store'
import { SnackStore } from '../../../../src/application/snack-store'
import { HttpError, ServiceTimeoutError } from '../../../../src/ports/http-errors'
import { UnsupportedChainReadError } from '../../../../src/ports/chain-reader'
import { ChainRequiredForAccountDataError } from '../../../../src/domain/errors'
import { InMemoryBalancesApi } from '../../../fakes/blockchain/in-memory-balances-api'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'
import { ADDRESS, FakeChainReader, MemoryStorage, NETWORK_CONFIGS, RecordingLogger, connected } from './support'

const ACCOUNT_A = `eip155:31337:${ADDRESS}` as const

function world(options: { supportedChains?: string[] } = {}) {
  const scheduler = new VirtualTimeScheduler()
  const connection = new ConnectionStore()
  const networks = new NetworksStore({ networks: NETWORK_CONFIGS, defaultNetwork: undefined }, connection, new MemoryStorage())
  const api = new InMemoryBalancesApi({
    supportedChains: (options.supportedChains ?? ['eip155:31337', 'eip155:31338']) as `eip155:${string}`[],
    balances: {
      [ACCOUNT_A]: [
        aTokenBalance({ symbol: 'SMALL', value: 1 }),
        aTokenBalance({ symbol: 'ZERO', value: 999, quantity: { decimals: '0', numeric: '5' } }),
        aTokenBalance({ symbol: 'BIG', value: 50 }),
        aNativeBalance({ value: 10 }),
      ],
    },
  })
  const chain = new FakeChainReader()
  chain.balances.set('eip155:31337', 1_500_000_000_000_000_000n)
  chain.balances.set('eip155:31338', 2n * 10n ** 18n)
  const snacks = new SnackStore(scheduler)
  const shownSnacks: string[] = []
  snacks.snack$.subscribe((snack) => {
    if (snack.open) shownSnacks.push(snack.message)
  })
  const logger = new RecordingLogger()
  const store = new BalanceStore({ connection, networks, api, reader: chain, snacks, scheduler, logger })
  return { scheduler, connection, networks, api, chain, store, shownSnacks, logger }
}

function settled(store: BalanceStore): Promise<BalanceState> {
  return firstValueFrom(store.state$.pipe(filter((s) => s.status === 'ready' || s.status === 'unavailable')))
}

/** Lets pending promise callbacks run. */
async function flushPromises(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

describe('BalanceStore', () => {
  it('a family with no chain reader (Polkadot, Cosmos) is an expected case: unavailable, no warning, no retries', async () => {
    const { connection, store, chain, logger, scheduler } = world({ supportedChains: [] })
    chain.failWith = new UnsupportedChainReadError('eip155')
    store.start()
    connection.set(connected('eip155:31337'))
    expect(await settled(store)).toMatchObject({ status: 'unavailable' })
    expect(logger.warnings).toEqual([])
    expect(logger.errors).toEqual([])
    const reads = chain.reads.length
    scheduler.flush()
    await flushPromises()
    expect(chain.reads.length).toBe(reads)
  })

  it('is idle until a wallet connects, then loads the service balances: native first, then by fiat value, 0-decimal tokens dropped', async () => {
    const { connection, store, api } = world()
    const states: string[] = []
    store.state$.subscribe((s) => states.push(s.status))
    expect(store.snapshot.status).toBe('idle')
    connection.set(connected('eip155:31337'))
    const state = await settled(store)
    expect(state.status).toBe('ready')
    if (state.status !== 'ready') return
    expect(state.source).toBe('service')
    expect(state.tokens.map((t) => t.symbol)).toEqual(['ETH', 'BIG', 'SMALL'])
    expect(state.native?.symbol).toBe('ETH')
    expect(states).toEqual(['idle', 'loading', 'ready'])
    expect(api.calls.filter((c) => c === 'getBalances')).toHaveLength(1)
  })

  it('on a service failure reads the native balance from the chain, shows the snack once and blocks the service for 30 s', async () => {
    const { connection, store, api, chain, scheduler, shownSnacks, logger } = world()
    api.failNext('getBalances', new HttpError(new Response(null, { status: 500 })))
    store.start()
    connection.set(connected('eip155:31337'))
    const state = await settled(store)
    expect(state).toMatchObject({ status: 'ready', source: 'chain' })
    if (state.status !== 'ready') return
    expect(state.native?.quantity).toEqual({ decimals: '18', numeric: '1.5' })
    expect(state.native?.symbol).toBe('ETH')
    expect(shownSnacks).toEqual(['Token Balance Unavailable'])
    expect(logger.warnings.length).toBeGreaterThan(0)
    expect(logger.errors).toEqual([])
    expect(chain.reads).toEqual([{ caipNetworkId: 'eip155:31337', address: ADDRESS }])

    // Within 30 s: no request at all, the state is kept.
    scheduler.frame = 29_999
    await store.refresh({ forceUpdate: true })
    expect(api.calls.filter((c) => c === 'getBalances')).toHaveLength(1)
    expect(chain.reads).toHaveLength(1)
    expect(store.snapshot).toBe(state)
    scheduler.flush()
    expect(shownSnacks).toEqual(['Token Balance Unavailable'])

    // At 30 s the service is asked again.
    scheduler.frame = 30_000
    await store.refresh()
    expect(api.calls.filter((c) => c === 'getBalances')).toHaveLength(2)
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'service' })
  })

  it('while blocked, another network is read from the chain without asking the service', async () => {
    const { connection, store, api, chain } = world()
    api.failNext('getBalances', new HttpError(new Response(null, { status: 500 })))
    store.start()
    connection.set(connected('eip155:31337'))
    await settled(store)
    connection.set(connected('eip155:31338'))
    await flushPromises()
    expect(api.calls.filter((c) => c === 'getBalances')).toHaveLength(1)
    expect(chain.reads.map((r) => r.caipNetworkId)).toEqual(['eip155:31337', 'eip155:31338'])
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'chain', caipAddress: `eip155:31338:${ADDRESS}` })
    const state = store.snapshot
    if (state.status === 'ready') expect(state.native?.quantity.numeric).toBe('2')
  })

  it('on a network the service does not support reads the chain and shows the snack once, without a balance request', async () => {
    const { connection, store, api, chain, shownSnacks } = world({ supportedChains: ['eip155:31337'] })
    store.start()
    connection.set(connected('eip155:31338'))
    const state = await settled(store)
    expect(state).toMatchObject({ status: 'ready', source: 'chain' })
    expect(api.calls).not.toContain('getBalances')
    expect(chain.reads).toHaveLength(1)
    await store.refresh()
    expect(chain.reads).toHaveLength(2)
    expect(shownSnacks).toEqual(['Token Balance Unavailable'])
  })

  it('is unavailable when neither the service nor the chain can tell', async () => {
    const { connection, store, api, chain } = world()
    api.failNext('getBalances', new HttpError(new Response(null, { status: 500 })))
    chain.failWith = new Error('every RPC URL is down')
    store.start()
    connection.set(connected('eip155:31337'))
    const state = await settled(store)
    expect(state.status).toBe('unavailable')
  })

  it('is unavailable on a network the host did not configure, silently: no service call, no snack (UnsupportedChain says it)', async () => {
    const { connection, store, chain, api, shownSnacks } = world({ supportedChains: ['eip155:31337'] })
    store.start()
    connection.set(connected('eip155:999'))
    const state = await settled(store)
    expect(state.status).toBe('unavailable')
    // Said in the catalogue's words for whoever reads the state (no view shows it: UnsupportedChain does).
    expect(state.status === 'unavailable' && state.error).toBeInstanceOf(ChainRequiredForAccountDataError)
    expect(chain.reads).toEqual([])
    expect(api.calls).toEqual([])
    expect(shownSnacks).toEqual([])
  })

  it('within the retry gap, an unconfigured network is unavailable for want of a chain, without reading', async () => {
    const { connection, store, api, chain } = world()
    api.failNext('getBalances', new HttpError(new Response(null, { status: 500 })))
    store.start()
    connection.set(connected('eip155:31337'))
    await settled(store)
    const reads = chain.reads.length
    connection.set(connected('eip155:999'))
    await flushPromises()
    const state = store.snapshot
    expect(state).toMatchObject({ status: 'unavailable', caipAddress: `eip155:999:${ADDRESS}` })
    expect(state.status === 'unavailable' && state.error).toBeInstanceOf(ChainRequiredForAccountDataError)
    expect(chain.reads.length).toBe(reads)
  })

  it('goes back to idle on disconnect and ignores an answer that arrives after it', async () => {
    const { connection, store } = world()
    store.start()
    connection.set(connected('eip155:31337'))
    connection.set({ status: 'disconnected' })
    await flushPromises()
    expect(store.snapshot.status).toBe('idle')
  })

  it('refresh with forceUpdate asks the service for fresh data', async () => {
    const { connection, store, api } = world()
    store.start()
    connection.set(connected('eip155:31337'))
    await settled(store)
    api.setBalances(ACCOUNT_A, [aNativeBalance({ quantity: { decimals: '18', numeric: '0.5' } })])
    await store.refresh({ forceUpdate: true })
    const state = store.snapshot
    expect(state.status === 'ready' && state.native?.quantity.numeric).toBe('0.5')
  })
})

describe('BalanceStore recovery after a failure', () => {
  const serviceCalls = (api: InMemoryBalancesApi) => api.calls.filter((c) => c === 'getBalances').length
  const http500 = () => new HttpError(new Response(null, { status: 500 }))

  /** Runs the virtual timers due up to `frame`, then the promise callbacks they started. */
  async function runUntil(scheduler: VirtualTimeScheduler, frame: number): Promise<void> {
    scheduler.maxFrames = frame
    scheduler.flush()
    scheduler.frame = Math.max(scheduler.frame, frame)
    await flushPromises()
  }

  it('reads the service again on its own once the 30 s gate has passed while a view watches, without a network switch', async () => {
    const { connection, store, api, scheduler } = world()
    api.failNext('getBalances', new ServiceTimeoutError('/v1/account/x/balance', 10_000))
    const watching = store.state$.subscribe()
    connection.set(connected('eip155:31337'))
    await flushPromises()
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'chain', failed: true, stale: false })

    await runUntil(scheduler, 29_999)
    expect(serviceCalls(api)).toBe(1)
    await runUntil(scheduler, 30_000)
    expect(serviceCalls(api)).toBe(2)
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'service', failed: false, stale: false })
    const state = store.snapshot
    expect(state.status === 'ready' && state.tokens.map((t) => t.symbol)).toEqual(['ETH', 'BIG', 'SMALL'])

    // Recovered: nothing more is owed.
    await runUntil(scheduler, 10 * 60_000)
    expect(serviceCalls(api)).toBe(2)
    watching.unsubscribe()
  })

  it('asks nobody while nothing watches, and reads at once when a view subscribes after the gate', async () => {
    const { connection, store, api, scheduler } = world()
    api.failNext('getBalances', http500())
    store.start()
    connection.set(connected('eip155:31337'))
    await flushPromises()
    await runUntil(scheduler, 5 * 60_000)
    expect(serviceCalls(api)).toBe(1)

    const watching = store.state$.subscribe()
    await runUntil(scheduler, 5 * 60_000)
    expect(serviceCalls(api)).toBe(2)
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'service', failed: false })
    watching.unsubscribe()
  })

  it('keeps asking once per gap while the service stays down, at most 10 times in a row; Try again starts afresh', async () => {
    const { connection, store, api, scheduler } = world()
    for (let i = 0; i < 20; i++) api.failNext('getBalances', http500())
    const watching = store.state$.subscribe()
    connection.set(connected('eip155:31337'))
    await flushPromises()
    for (let n = 1; n <= 12; n++) await runUntil(scheduler, n * 30_000)
    // The first read and 10 automatic ones.
    expect(serviceCalls(api)).toBe(11)
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'chain', failed: true })

    // Try again asks at once (the gap has passed) and owes automatic reads again.
    await store.retry()
    expect(serviceCalls(api)).toBe(12)
    await runUntil(scheduler, 13 * 30_000)
    expect(serviceCalls(api)).toBe(13)
    watching.unsubscribe()
  })

  it("Try again within the gap reads the chain again at once but leaves the service alone until the gap has passed", async () => {
    const { connection, store, api, chain, scheduler } = world()
    api.failNext('getBalances', http500())
    chain.failWith = new Error('node down')
    const watching = store.state$.subscribe()
    connection.set(connected('eip155:31337'))
    await flushPromises()
    expect(store.snapshot.status).toBe('unavailable')

    chain.failWith = undefined
    await runUntil(scheduler, 5_000)
    await store.retry()
    expect(serviceCalls(api)).toBe(1)
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'chain', failed: true })

    await runUntil(scheduler, 30_000)
    expect(serviceCalls(api)).toBe(2)
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'service', failed: false })
    watching.unsubscribe()
  })

  it('recovers a native balance on a network the service does not cover once the node is back', async () => {
    const { connection, store, chain, scheduler } = world({ supportedChains: ['eip155:31337'] })
    chain.failWith = new Error('node down')
    const watching = store.state$.subscribe()
    connection.set(connected('eip155:31338'))
    await flushPromises()
    expect(store.snapshot.status).toBe('unavailable')
    chain.failWith = undefined
    await runUntil(scheduler, 30_000)
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'chain', failed: false })
    const state = store.snapshot
    expect(state.status === 'ready' && state.native?.quantity.numeric).toBe('2')
    watching.unsubscribe()
  })

  it('keeps the last balances when the service and the node both fail, and marks them stale once older than 30 s', async () => {
    const { connection, store, api, chain, scheduler } = world()
    const watching = store.state$.subscribe()
    connection.set(connected('eip155:31337'))
    await flushPromises()
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'service', fetchedAtMs: 0, stale: false })

    // 10 s later both fail: the service's balances stay, not yet past their cache life.
    api.failNext('getBalances', http500())
    chain.failWith = new Error('node down')
    await runUntil(scheduler, 10_000)
    await store.refresh({ forceUpdate: true })
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'service', failed: true, stale: false })
    const kept = store.snapshot
    expect(kept.status === 'ready' && kept.tokens.map((t) => t.symbol)).toEqual(['ETH', 'BIG', 'SMALL'])

    // Within the gap a refresh makes no request; once the balances are 30 s old they are marked.
    await runUntil(scheduler, 29_999)
    await store.refresh()
    expect(store.snapshot).toMatchObject({ stale: false })
    scheduler.frame = 30_000
    await store.refresh()
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'service', failed: true, stale: true })
    expect(serviceCalls(api)).toBe(2)

    // The service is back: the recovery at the gap's end brings fresh balances.
    chain.failWith = undefined
    await runUntil(scheduler, 40_000)
    expect(serviceCalls(api)).toBe(3)
    expect(store.snapshot).toMatchObject({ status: 'ready', source: 'service', failed: false, stale: false, fetchedAtMs: 40_000 })
    watching.unsubscribe()
  })

  it('stops the recovery on disconnect', async () => {
    const { connection, store, api, scheduler } = world()
    api.failNext('getBalances', http500())
    const watching = store.state$.subscribe()
    connection.set(connected('eip155:31337'))
    await flushPromises()
    connection.set({ status: 'disconnected' })
    await runUntil(scheduler, 5 * 60_000)
    expect(serviceCalls(api)).toBe(1)
    expect(store.snapshot.status).toBe('idle')
    watching.unsubscribe()
  })
})

describe('BalanceStore follows the account on chain while a balance is shown (issue 41 item 3)', () => {
  it('watches only while a view shows balances, and a block that touches the account reads again past the cache', async () => {
    const { connection, store, chain, api } = world()
    store.start()
    connection.set(connected('eip155:31337'))
    await flushPromises()
    // Nobody shows a balance: nothing is watched.
    expect(chain.liveWatches).toEqual([])

    const shown = store.state$.subscribe()
    await settled(store)
    expect(chain.liveWatches).toMatchObject([{ caipNetworkId: 'eip155:31337', address: ADDRESS }])

    const touches: number[] = []
    store.touched$.subscribe(() => touches.push(1))
    const reads = vi.spyOn(api, 'getBalances')
    api.setBalances(ACCOUNT_A, [aNativeBalance({ value: 42 })])
    chain.liveWatches[0]!.touch()
    await flushPromises()
    expect(reads).toHaveBeenCalledWith(ACCOUNT_A, expect.objectContaining({ forceUpdate: true }))
    expect(store.snapshot).toMatchObject({ status: 'ready', native: { value: 42 } })
    expect(touches).toHaveLength(1)

    shown.unsubscribe()
    expect(chain.liveWatches).toEqual([])
    store.dispose()
  })

  it('follows a network switch and stops on disconnect', async () => {
    const { connection, store, chain } = world()
    store.start()
    connection.set(connected('eip155:31337'))
    const shown = store.state$.subscribe()
    await settled(store)
    connection.set(connected('eip155:31338'))
    await flushPromises()
    expect(chain.liveWatches).toMatchObject([{ caipNetworkId: 'eip155:31338' }])
    connection.set({ status: 'disconnected' })
    await flushPromises()
    expect(chain.liveWatches).toEqual([])
    shown.unsubscribe()
    store.dispose()
  })
})
