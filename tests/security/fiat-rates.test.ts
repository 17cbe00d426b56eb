/**
 * Attacks on the display currency's rates: a price source (or anything between it and the modal)
 * that answers hostile rates, and a caller who puts something else than a currency code in `base`.
 * The server refuses the base before any source reads it; the modal shows no rate that is
 * negative, zero, NaN, huge, of an unknown code or of another base, and never a converted value
 * on such a rate. Each fails without its defence (the contract's base rule, cleanRates, the base check).
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { evmChainData } from '../../server/src/chains/evm-chain-data.js'
import { HttpPrices } from '../../server/src/chains/http-prices.js'
import { ManualClock } from '../../server/src/clock.js'
import type { Database } from '../../server/src/db/database.js'
import { migratedDatabase, SDK, serverWithProject } from '../../server/test/support.js'
import { DisplayCurrencyStore } from '../../src/application/display-currency/display-currency-store'
import { formatMoney } from '../../src/domain/format/fiat'
import { FetchFiatRatesApi } from '../../src/infrastructure/http/blockchain/fetch-fiat-rates-api'
import { FetchHttpClient } from '../../src/infrastructure/http/fetch-http-client'
import { MalformedResponseError } from '../../src/ports/http-errors'
import { InMemoryKeyValueStorage } from '../fakes/in-memory-key-value-storage'
import { ManualClock as ModalClock } from '../fakes/manual-clock'
import { RecordingLogger } from '../fakes/recording-logger'

/** A host's price endpoint gone bad: dollars per unit, some of them hostile. */
const HOSTILE_PRICES = { EUR: 1.25, JPY: -0.008, GBP: 'lots', CHF: 0, 'eu r': 2, USD: 7, XAU: 1e-12 }

let db: Database
let app: FastifyInstance
let endpoint: Server

beforeAll(async () => {
  endpoint = createServer((_, response) => {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify(HOSTILE_PRICES))
  })
  await new Promise<void>((resolve) => endpoint.listen(0, '127.0.0.1', resolve))
  const clock = new ManualClock()
  const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/prices`
  db = await migratedDatabase()
  ;({ app } = await serverWithProject(db, {}, { clock, chainData: evmChainData({ chains: [], clock, httpPrices: new HttpPrices(url, clock) }) }))
}, 60_000)
afterAll(async () => {
  await app?.close()
  await db?.close()
  await new Promise((resolve) => endpoint?.close(resolve))
})

const rates = (base: string) =>
  app.inject({ url: `/v1/fiat/rates?projectId=wg-test&${SDK}&base=${encodeURIComponent(base)}`, headers: { origin: 'https://app.example' } })

describe('the server: base is a currency code or nothing', () => {
  it.each([
    ['SQL', "USD' OR 1=1 --"],
    ['a script', '<script>alert(1)</script>'],
    ['lower case', 'usd'],
    ['four letters', 'USDX'],
    ['a huge value', 'U'.repeat(100_000)],
    ['a path', '../../etc/passwd'],
  ])('%s is refused before a source reads it, and not echoed', async (_, base) => {
    const answer = await rates(base)
    expect(answer.statusCode).toBe(400)
    expect(answer.body).not.toContain(base.slice(0, 20))
    expect(answer.json()).toEqual({ message: 'Invalid query parameter base' })
  })

  it('a repeated base is refused', async () => {
    const answer = await app.inject({ url: `/v1/fiat/rates?projectId=wg-test&${SDK}&base=USD&base=EUR`, headers: { origin: 'https://app.example' } })
    expect(answer.statusCode).toBe(400)
  })

  it('a code nothing prices is refused; the hostile prices give no rate of theirs', async () => {
    expect((await rates('XYZ')).statusCode).toBe(400)
    const answer = await rates('USD')
    expect(answer.statusCode).toBe(200)
    const body = answer.json<{ base: string; rates: Record<string, number> }>()
    // The endpoint's own USD (7) does not replace the dollar; its broken prices are not priced at all.
    expect(body.rates.USD).toBe(1)
    expect(body.rates.EUR).toBeCloseTo(0.8, 12)
    expect(Object.keys(body.rates).sort()).toEqual(['EUR', 'USD', 'XAU'])
  })
})

/** The modal's adapter over a "service" answering `body` for the rates. */
function adapterAnswering(body: string): FetchFiatRatesApi {
  const fetchStub = (() => Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }))) as typeof fetch
  return new FetchFiatRatesApi(new FetchHttpClient({ baseUrl: 'http://service.test', projectId: 'wg-test', sdkVersion: 'walletgate-0.1.0', retries: 0, fetch: fetchStub }))
}

describe('the modal: a hostile rates answer shows no wrong money', () => {
  it('keeps only sane rates of display currencies', async () => {
    const hostile = '{"base":"USD","at":"2026-01-01T00:00:00Z","rates":{"EUR":-0.9,"GBP":1e300,"JPY":0,"CHF":0.9,"XAU":0.0005,"KRW":1e-9,"CAD":1.35}}'
    const { rates: kept } = await adapterAnswering(hostile).getRates()
    expect(kept).toEqual({ CHF: 0.9, CAD: 1.35 })
  })

  it.each([
    ['NaN (not JSON)', '{"base":"USD","at":"x","rates":{"EUR":NaN}}'],
    ['a rate that is text', '{"base":"USD","at":"x","rates":{"EUR":"0.9"}}'],
    ['a code that is markup', '{"base":"USD","at":"x","rates":{"<img src=x onerror=alert(1)>":0.9}}'],
    ['rates against another base', '{"base":"JPY","at":"x","rates":{"EUR":0.006}}'],
    ['no rates at all', '{"base":"USD","at":"x"}'],
  ])('%s is a malformed answer, and values stay in labelled dollars', async (_, body) => {
    const api = adapterAnswering(body)
    await expect(api.getRates()).rejects.toBeInstanceOf(MalformedResponseError)
    const storage = new InMemoryKeyValueStorage()
    storage.set('displayCurrency', 'EUR')
    const store = new DisplayCurrencyStore({ api, storage, clock: new ModalClock(), logger: new RecordingLogger() })
    const seen = store.state$.subscribe()
    await new Promise((resolve) => setImmediate(resolve))
    seen.unsubscribe()
    expect(store.snapshot.rates.status).toBe('error')
    const text = formatMoney(10, store.snapshot.display, 'en-US')
    expect(text).toMatch(/^USD\s10\.00$/)
    expect(text).not.toContain('€')
  })
})
