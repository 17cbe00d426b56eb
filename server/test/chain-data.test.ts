/**
 * The chain-data routes (src/chain-data.ts): guarded as spec section 7 has each call, answered by
 * the source's operation (or 501 without one), a source's refusal passed
 * on as it is and its failure told as nothing more than an internal error; and the plugin hook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildServer } from '../src/app.js'
import { CHAIN_DATA_OPERATIONS, ChainDataError, type ChainDataPort, type ChainDataRequest } from '../src/chain-data.js'
import { ManualClock } from '../src/clock.js'
import { DEFAULT_CONFIG } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { Projects } from '../src/projects.js'
import { migratedDatabase, SDK } from './support.js'

const seen: ChainDataRequest[] = []
const source: ChainDataPort = {
  balance: (request) => {
    seen.push(request)
    return { json: { balances: [{ symbol: 'ETH' }] } }
  },
  prices: (request) => {
    seen.push(request)
    return { json: { fungibles: [] } }
  },
  swapQuotes: () => {
    throw new ChainDataError(400, 'Insufficient liquidity', { reasons: [{ description: 'Insufficient liquidity' }] })
  },
  gasPrice: () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:8545 at Socket.<anonymous> (node_modules/viem/x.js)')
  },
}

let db: Database
let app: FastifyInstance
let bare: FastifyInstance
const pluginSaw: string[] = []

beforeAll(async () => {
  db = await migratedDatabase()
  const clock = new ManualClock()
  const projects = new Projects(db, clock)
  await projects.add('wg-test', ['https://app.example', 'http://127.0.0.1:*'])
  await projects.add('other', ['https://other.example'])
  app = await buildServer({
    config: DEFAULT_CONFIG,
    db,
    clock,
    chainData: source,
    plugins: [
      (server) => {
        server.addHook('onRequest', async (request) => {
          pluginSaw.push(request.url)
        })
        server.get('/plugin-route', async () => ({ from: 'plugin' }))
      },
    ],
  })
  bare = await buildServer({ config: DEFAULT_CONFIG, db, clock })
}, 60_000)
afterAll(async () => {
  await app?.close()
  await bare?.close()
  await db?.close()
})

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('a chain-data route', () => {
  it('hands the source its path parameters, query and headers; the browser keeps no copy (the modal has its own caches)', async () => {
    const answer = await app.inject({ url: `/v1/account/${ADDRESS}/balance?projectId=wg-test&${SDK}&currency=usd`, headers: { origin: 'https://app.example' } })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ balances: [{ symbol: 'ETH' }] })
    expect(answer.headers['cache-control']).toBeUndefined()
    expect(answer.headers['access-control-allow-origin']).toBe('https://app.example')
    const request = seen.at(-1)!
    expect(request.params).toEqual({ address: ADDRESS })
    expect(request.query.get('currency')).toBe('usd')
    expect(request.baseUrl).toMatch(/^http:\/\//)
  })

  it('is guarded as its call is made: a GET names project and sdk in the query', async () => {
    expect((await app.inject({ url: `/v1/account/${ADDRESS}/balance?${SDK}` })).json()).toEqual({ message: 'Missing query parameter projectId' })
    expect((await app.inject({ url: `/v1/account/${ADDRESS}/balance?projectId=wg-test&st=walletgate` })).json()).toEqual({ message: 'Missing query parameter sv' })
    expect((await app.inject({ url: `/v1/account/${ADDRESS}/balance?projectId=nobody&${SDK}` })).statusCode).toBe(403)
    const foreign = await app.inject({ url: `/v1/account/${ADDRESS}/balance?projectId=wg-test&${SDK}`, headers: { origin: 'https://other.example' } })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('is guarded as its call is made: the price POST names its project in the body', async () => {
    const post = (body: unknown, origin?: string) =>
      app.inject({ method: 'POST', url: '/v1/fungible/price', payload: body as object, headers: origin === undefined ? {} : { origin } })
    expect((await post({ currency: 'usd', addresses: [] })).json()).toEqual({ message: 'Missing body field projectId' })
    expect((await post({ currency: 'usd', addresses: [], projectId: 'nobody' })).statusCode).toBe(403)
    expect((await post({ currency: 'usd', addresses: [], projectId: 'wg-test' }, 'https://other.example')).statusCode).toBe(403)
    expect((await post({ currency: 'usd', addresses: [], projectId: 'wg-test' }, 'https://app.example')).statusCode).toBe(200)
    // A preflight carries no body: an origin of some project may ask, no other.
    const preflight = (origin: string) =>
      app.inject({ method: 'OPTIONS', url: '/v1/fungible/price', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })
    expect((await preflight('https://other.example')).headers['access-control-allow-origin']).toBe('https://other.example')
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined()
  })

  it("accepts a page on any port of a project's `:*` origin, and no look-alike", async () => {
    const call = (origin: string) => app.inject({ url: `/v1/account/${ADDRESS}/balance?projectId=wg-test&${SDK}`, headers: { origin } })
    expect((await call('http://127.0.0.1:5173')).statusCode).toBe(200)
    expect((await call('http://127.0.0.1.evil.test:5173')).statusCode).toBe(403)
    expect((await call('https://127.0.0.1:5173')).statusCode).toBe(403)
  })

  it("passes on a source's refusal as it is, and tells its failure as nothing more than an internal error", async () => {
    const refused = await app.inject({ url: `/v1/convert/quotes?projectId=wg-test&${SDK}` })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ reasons: [{ description: 'Insufficient liquidity' }] })
    const failed = await app.inject({ url: `/v1/convert/gas-price?projectId=wg-test&${SDK}&chainId=eip155:1` })
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toEqual({ message: 'Internal server error' })
  })

  it('answers 501 for every operation a server has no source for, after its guard', async () => {
    for (const spec of Object.values(CHAIN_DATA_OPERATIONS)) {
      const url = spec.path.replace(':address', ADDRESS)
      const answer =
        spec.method === 'GET'
          ? await bare.inject({ url: `${url}?projectId=wg-test&${SDK}` })
          : await bare.inject({ method: 'POST', url: `${url}?projectId=wg-test`, payload: { projectId: 'wg-test' } })
      expect(answer.statusCode, `${spec.method} ${spec.path}`).toBe(501)
      expect(answer.json().message).toMatch(/^This server has no source for .+ yet$/)
    }
  })
})

describe('a plugin', () => {
  it('adds routes, and its hooks see the requests of the server', async () => {
    expect((await app.inject({ url: '/plugin-route' })).json()).toEqual({ from: 'plugin' })
    await app.inject({ url: '/healthz' })
    expect(pluginSaw).toContain('/healthz')
  })
})
