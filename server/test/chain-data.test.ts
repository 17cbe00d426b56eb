/**
 * The chain-data routes (src/chain-data.ts): guarded as spec section 7 has each call, answered by
 * the source's operation (or 501 without one), a source's refusal passed
 * on as it is and its failure told as nothing more than an internal error; and the plugin hook.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildServer } from '../src/app.js'
import { CHAIN_DATA_OPERATIONS, ChainDataError, type ChainDataOperation, type ChainDataPort, type ChainDataRequest } from '../src/chain-data.js'
import { ManualClock } from '../src/clock.js'
import { DEFAULT_CONFIG } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { Projects } from '../src/projects.js'
import { migratedDatabase, SDK } from './support.js'

const seen: ChainDataRequest[] = []
const BALANCE = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', value: 3, price: 3000, quantity: { decimals: '18', numeric: '0.001' }, iconUrl: '' }
const ACCOUNT = 'eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const TOKEN = 'eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3'
/** A request each operation's contract allows (src/wire/requests.ts), past the guard. */
const VALID: Readonly<Record<ChainDataOperation, { query?: string; body?: object }>> = {
  supportedChains: {},
  balance: { query: 'currency=usd' },
  history: {},
  fiatRates: { query: 'base=USD' },
  prices: { body: { currency: 'usd', addresses: [TOKEN], projectId: 'wg-test' } },
  swapTokens: { query: 'chainId=eip155:1' },
  searchTokens: { query: 'chainId=eip155:1&q=us' },
  swapQuotes: { query: `amount=1&userAddress=${ACCOUNT}&from=${TOKEN}&to=${TOKEN}` },
  swapAllowance: { query: `tokenAddress=${TOKEN}&userAddress=${ACCOUNT}` },
  gasPrice: { query: 'chainId=eip155:1' },
  buildApprove: { query: `userAddress=${ACCOUNT}&from=${TOKEN}&to=${TOKEN}` },
  buildTransaction: { body: { amount: '1', eip155: { slippage: 1 }, projectId: 'wg-test', from: TOKEN, to: TOKEN, userAddress: ACCOUNT, disableEstimate: false } },
  onRampOptions: {},
  onRampQuote: { body: { purchaseCurrency: 'USDC', paymentCurrency: 'USD', amount: '10', network: 'ethereum' } },
  onRampUrl: { body: { destinationWallets: [], partnerUserId: 'p' } },
  sessions: {},
  revokeSession: { body: { pci: '0x01', signature: '0x02' } },
}

const source: ChainDataPort = {
  balance: (request) => {
    seen.push(request)
    return { json: { balances: [BALANCE] } }
  },
  prices: (request) => {
    seen.push(request)
    return { json: { fungibles: [] } }
  },
  swapQuotes: () => {
    throw new ChainDataError(400, 'Insufficient liquidity', { reasons: [{ description: 'Insufficient liquidity' }] })
  },
  // An answer outside the wire contract (a transaction page whose data is no list).
  history: () => ({ json: { data: 'oops', next: null } }),
  gasPrice: () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:8545 at Socket.<anonymous> (node_modules/viem/x.js)')
  },
}

let db: Database
let app: FastifyInstance
let bare: FastifyInstance
/** A server on its configuration's own source, with no chain configured. */
let configured: FastifyInstance
const clock = new ManualClock()
const pluginSaw: string[] = []

beforeAll(async () => {
  db = await migratedDatabase()
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
  bare = await buildServer({ config: DEFAULT_CONFIG, db, clock, chainData: {} })
  configured = await buildServer({ config: DEFAULT_CONFIG, db, clock })
}, 60_000)
afterAll(async () => {
  await app?.close()
  await bare?.close()
  await configured?.close()
  await db?.close()
})

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('a chain-data route', () => {
  it('hands the source its path parameters, query and headers; the browser keeps no copy (the modal has its own caches)', async () => {
    const answer = await app.inject({ url: `/v1/account/${ADDRESS}/balance?projectId=wg-test&${SDK}&currency=usd`, headers: { origin: 'https://app.example' } })
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ balances: [BALANCE] })
    expect(answer.headers['cache-control']).toBeUndefined()
    expect(answer.headers['access-control-allow-origin']).toBe('https://app.example')
    const request = seen.at(-1)!
    expect(request.params).toEqual({ address: ADDRESS })
    expect(request.query.get('currency')).toBe('usd')
    expect(request.baseUrl).toMatch(/^http:\/\//)
  })

  it('keeps a balance 30 s per account and chain (spec section 9); forceUpdate reads afresh', async () => {
    const account = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const balance = (extra = '') => app.inject({ url: `/v1/account/${account}/balance?projectId=wg-test&${SDK}&chainId=eip155:1&currency=usd${extra}` })
    const asked = () => seen.filter((request) => request.params.address === account).length
    expect((await balance()).statusCode).toBe(200)
    expect((await balance()).statusCode).toBe(200)
    expect(asked()).toBe(1)
    expect((await balance('&forceUpdate=true')).statusCode).toBe(200)
    expect(asked()).toBe(2)
    clock.advance(29_999)
    await balance()
    expect(asked()).toBe(2)
    clock.advance(1)
    await balance()
    expect(asked()).toBe(3)
    // Another chain of the same account is another balance; the same 0x account in other case is not.
    await app.inject({ url: `/v1/account/${account}/balance?projectId=wg-test&${SDK}&chainId=eip155:10&currency=usd` })
    expect(asked()).toBe(4)
    await app.inject({ url: `/v1/account/${account.toLowerCase()}/balance?projectId=wg-test&${SDK}&chainId=eip155:1&currency=usd` })
    expect(asked()).toBe(4)
  })

  it("never answers one Solana account's balance for another that differs only in case", async () => {
    const lower = '9wzdxwbbmkg8ztbnmqux5vqryzdsgydlvl9zytawwm'
    const upper = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
    const balance = (address: string) => app.inject({ url: `/v1/account/${address}/balance?projectId=wg-test&${SDK}&chainId=solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1&currency=usd` })
    await balance(upper)
    await balance(lower)
    expect(seen.filter((request) => [lower, upper].includes(request.params.address ?? '')).map((request) => request.params.address)).toEqual([upper, lower])
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
    const refused = await app.inject({ url: `/v1/convert/quotes?projectId=wg-test&${SDK}&${VALID.swapQuotes.query!}` })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ reasons: [{ description: 'Insufficient liquidity' }] })
    const failed = await app.inject({ url: `/v1/convert/gas-price?projectId=wg-test&${SDK}&chainId=eip155:1` })
    expect(failed.statusCode).toBe(500)
    expect(failed.json()).toEqual({ message: 'Internal server error' })
  })

  it('holds the request to the wire contract: a part missing or of another shape is refused before the source sees it', async () => {
    const before = seen.length
    const missing = await app.inject({ url: `/v1/convert/quotes?projectId=wg-test&${SDK}&amount=1` })
    expect([missing.statusCode, missing.json()]).toEqual([400, { message: 'Missing query parameter userAddress' }])
    const notDigits = await app.inject({ url: `/v1/convert/quotes?projectId=wg-test&${SDK}&${VALID.swapQuotes.query!.replace('amount=1', 'amount=1e18')}` })
    expect([notDigits.statusCode, notDigits.json()]).toEqual([400, { message: 'Invalid query parameter amount' }])
    const body = await app.inject({ method: 'POST', url: '/v1/fungible/price', payload: { currency: 'usd', addresses: 'eip155:1:0x1', projectId: 'wg-test' } })
    expect([body.statusCode, body.json()]).toEqual([400, { message: 'Invalid body field addresses' }])
    const forced = await app.inject({ url: `/v1/account/${ADDRESS}/balance?projectId=wg-test&${SDK}&forceUpdate=yes` })
    expect([forced.statusCode, forced.json()]).toEqual([400, { message: 'Invalid query parameter forceUpdate' }])
    expect(seen.length).toBe(before)
  })

  it('never sends an answer outside the wire contract: the caller gets an internal error, not the bad answer', async () => {
    const answer = await app.inject({ url: `/v1/account/${ADDRESS}/history?projectId=wg-test&${SDK}` })
    expect([answer.statusCode, answer.json()]).toEqual([500, { message: 'Internal server error' }])
  })

  it('answers 501 for every operation a server has no source for, after its guard', async () => {
    for (const [operation, spec] of Object.entries(CHAIN_DATA_OPERATIONS) as [ChainDataOperation, (typeof CHAIN_DATA_OPERATIONS)[ChainDataOperation]][]) {
      const url = spec.path.replace(':address', ADDRESS)
      const { query, body } = VALID[operation]
      const answer =
        spec.method === 'GET'
          ? await bare.inject({ url: `${url}?projectId=wg-test&${SDK}${query === undefined ? '' : `&${query}`}` })
          : await bare.inject({ method: 'POST', url: `${url}?projectId=wg-test`, payload: body ?? {} })
      expect(answer.statusCode, `${spec.method} ${spec.path}`).toBe(501)
      expect(answer.json().message).toMatch(/^This server has no source for .+ yet$/)
    }
  })

  it("answers from its configuration's chains by default: with none, the empty answers of an unsupported chain, and 501 for what chains do not tell", async () => {
    const get = async (path: string) => {
      const answer = await configured.inject({ url: `${path}${path.includes('?') ? '&' : '?'}projectId=wg-test&${SDK}` })
      return [answer.statusCode, answer.json()]
    }
    expect(await get('/v1/supported-chains')).toEqual([200, { http: [], ws: [] }])
    expect(await get(`/v1/account/${ADDRESS}/balance`)).toEqual([200, { balances: [] }])
    expect(await get('/v1/convert/tokens?chainId=eip155:1')).toEqual([200, { tokens: [] }])
    expect(await get(`/v1/convert/quotes?amount=1&userAddress=${ADDRESS}&from=eip155:1:${ADDRESS}&to=eip155:1:${ADDRESS}`)).toEqual([200, { quotes: [] }])
    expect(await get('/v1/convert/gas-price?chainId=eip155:1')).toEqual([400, { reasons: [{ description: 'Network not supported for Gas Price' }] }])
    expect(await get('/v1/onramp/options')).toEqual([501, { message: 'This server has no source for what can be bought, paid how yet' }])
  })
})

describe('a plugin', () => {
  it('adds routes, and its hooks see the requests of the server', async () => {
    expect((await app.inject({ url: '/plugin-route' })).json()).toEqual({ from: 'plugin' })
    await app.inject({ url: '/healthz' })
    expect(pluginSaw).toContain('/healthz')
  })
})
