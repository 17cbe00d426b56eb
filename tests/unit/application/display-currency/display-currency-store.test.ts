import { describe, expect, it } from 'vitest'
import { DISPLAY_CURRENCY_KEY, DisplayCurrencyStore, RATES_CACHE_MS, RATES_RETRY_GAP_MS } from '../../../../src/application/display-currency/display-currency-store'
import type { DisplayCurrency } from '../../../../src/domain/display-currency'
import { InMemoryFiatRatesApi } from '../../../fakes/blockchain/in-memory-fiat-rates-api'
import { InMemoryKeyValueStorage } from '../../../fakes/in-memory-key-value-storage'
import { ManualClock } from '../../../fakes/manual-clock'
import { RecordingLogger } from '../../../fakes/recording-logger'

function world(options: { hostDefault?: DisplayCurrency; stored?: string } = {}) {
  const api = new InMemoryFiatRatesApi({ EUR: 0.8, GBP: 0.75 })
  const storage = new InMemoryKeyValueStorage()
  if (options.stored !== undefined) storage.set(DISPLAY_CURRENCY_KEY, options.stored)
  const clock = new ManualClock()
  const logger = new RecordingLogger()
  const make = () => new DisplayCurrencyStore({ api, storage, clock, logger, hostDefault: options.hostDefault })
  return { api, storage, clock, logger, make }
}

/** Subscribes as a view does and waits for the read (the fake answers in a microtask). */
async function opened(store: DisplayCurrencyStore) {
  const subscription = store.state$.subscribe()
  await Promise.resolve()
  await Promise.resolve()
  subscription.unsubscribe()
  return store.snapshot
}

describe('DisplayCurrencyStore', () => {
  it("shows the host's default until the visitor chooses, and reads no rate before a view opens", async () => {
    const w = world({ hostDefault: 'GBP' })
    const store = w.make()
    expect(store.snapshot.currency).toBe('GBP')
    expect(store.snapshot.chosenBy).toBe('host')
    expect(w.api.calls).toEqual([])
    const state = await opened(store)
    expect(state.display).toEqual({ currency: 'GBP', rate: 0.75, fallback: false })
  })

  it("remembers the visitor's choice, which wins over the host's default in the next modal", async () => {
    const w = world({ hostDefault: 'GBP' })
    const store = w.make()
    store.select('EUR')
    expect(w.storage.get(DISPLAY_CURRENCY_KEY)).toBe('EUR')
    const next = w.make()
    expect(next.snapshot).toMatchObject({ currency: 'EUR', chosenBy: 'visitor' })
    expect((await opened(next)).display).toEqual({ currency: 'EUR', rate: 0.8, fallback: false })
  })

  it('ignores a stored value that is no display currency', () => {
    const w = world({ stored: '<img src=x>', hostDefault: 'GBP' })
    expect(w.make().snapshot).toMatchObject({ currency: 'GBP', chosenBy: 'host' })
  })

  it('reads no rate for dollars, and keeps rates for their cache life', async () => {
    const w = world()
    const store = w.make()
    await opened(store)
    expect(w.api.calls).toEqual([])
    store.select('EUR')
    await opened(store)
    await opened(store)
    expect(w.api.calls).toEqual(['getRates'])
    w.clock.advance(RATES_CACHE_MS)
    await opened(store)
    expect(w.api.calls).toEqual(['getRates', 'getRates'])
  })

  it('falls back to dollars, labelled, when rates fail; a later opening or Try again reads them', async () => {
    const w = world({ stored: 'EUR' })
    w.api.failNext('getRates', new Error('offline'))
    const store = w.make()
    const failed = await opened(store)
    expect(failed.rates.status).toBe('error')
    expect(failed.display).toEqual({ currency: 'USD', rate: 1, fallback: true })
    expect(w.logger.warnings).toHaveLength(1)
    // Within the retry gap an opening does not ask again; Try again does.
    await opened(store)
    expect(w.api.calls).toEqual(['getRates'])
    w.clock.advance(RATES_RETRY_GAP_MS)
    expect((await opened(store)).display).toEqual({ currency: 'EUR', rate: 0.8, fallback: false })
    w.api.failNext('getRates', new Error('offline'))
    store.retry()
    await Promise.resolve()
    await Promise.resolve()
    expect(store.snapshot.display.fallback).toBe(true)
    store.retry()
    await Promise.resolve()
    await Promise.resolve()
    expect(store.snapshot.display).toEqual({ currency: 'EUR', rate: 0.8, fallback: false })
  })

  it('falls back to dollars for a currency the service does not price', async () => {
    const w = world({ stored: 'KRW' })
    expect((await opened(w.make())).display).toEqual({ currency: 'USD', rate: 1, fallback: true })
  })
})
