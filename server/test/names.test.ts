/**
 * The name service (`/v1/profile/*`) on both engines: the registration's rules and their words, the
 * lookups, a race for one name, and names that outlive a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Database } from '../src/db/database.js'
import { migrate } from '../src/db/migrations.js'
import { buildServer } from '../src/app.js'
import { ManualClock } from '../src/clock.js'
import { DEFAULT_CONFIG } from '../src/config.js'
import { NAME_CACHE_MS } from '../src/names.js'
import { ENGINES } from './engines.js'
import { COIN_TYPE, registerName, registration } from './signing.js'
import { migratedDatabase, SDK, serverWithProject } from './support.js'

const PAGE = 'https://app.example'

describe.each(ENGINES)('names on $name', ({ open, durable }) => {
  let db: Database
  let app: FastifyInstance

  beforeAll(async () => {
    db = await migratedDatabase(open)
    ;({ app } = await serverWithProject(db))
  })
  afterAll(async () => {
    await app.close()
    await db.close()
  })

  const get = (path: string, headers: Record<string, string> = {}) => app.inject({ url: `${path}${path.includes('?') ? '&' : '?'}projectId=wg-test&${SDK}`, headers })
  const reasons = (description: string) => ({ reasons: [{ description }] })

  it("caches a name and an identity 5 min on each replica: its own registration shows at once, another replica's after the cache life", async () => {
    const clock = new ManualClock()
    const one = await buildServer({ config: DEFAULT_CONFIG, db, clock, metricsToken: 'metrics-token-names' })
    const two = await buildServer({ config: DEFAULT_CONFIG, db, clock })
    try {
      const me = await registration('cached-name')
      const query = `projectId=wg-test&${SDK}`
      const identity = async (app: FastifyInstance) => (await app.inject(`/v1/identity/${me.address}?${query}`)).json()
      const lookup = async (app: FastifyInstance) => (await app.inject(`/v1/profile/account/cached-name?${query}`)).statusCode
      expect([await identity(one), await lookup(one)]).toEqual([{ name: null, avatar: null }, 404])
      expect((await registerName(two, me.body)).statusCode).toBe(200)
      expect([await identity(two), await lookup(two)]).toEqual([{ name: 'cached-name.wg.id', avatar: null }, 200])
      // The other replica answers from its cache, within the spec's 5 min...
      clock.advance(NAME_CACHE_MS - 1)
      expect([await identity(one), await lookup(one)]).toEqual([{ name: null, avatar: null }, 404])
      // ...and from the database after it.
      clock.advance(1)
      expect([await identity(one), await lookup(one)]).toEqual([{ name: 'cached-name.wg.id', avatar: null }, 200])
      const metrics = (await one.inject({ url: '/metrics', headers: { authorization: 'Bearer metrics-token-names' } })).body
      expect(metrics).toContain('walletgate_cache_lookups_total{cache="identity",result="hit"} 1')
      expect(metrics).toContain('walletgate_cache_lookups_total{cache="names",result="miss"} 2')
    } finally {
      await one.close()
      await two.close()
    }
  })

  it('registers a signed name, then looks it up by name, by address and among suggestions', async () => {
    const me = await registration('Alice-Contract.wg.id')
    const ok = await registerName(app, me.body)
    expect(ok.statusCode).toBe(200)
    const profile = ok.json()
    expect(profile).toEqual({
      name: 'alice-contract.wg.id',
      registered_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
      addresses: { [String(COIN_TYPE)]: { address: me.address, created: '2026-01-01T00:00:00.000Z' } },
      attributes: {},
    })
    expect((await get('/v1/profile/account/alice-contract.wg.id?apiVersion=2')).json()).toEqual(profile)
    // The zone may be left out, and the case does not matter.
    expect((await get('/v1/profile/account/ALICE-contract')).json()).toEqual(profile)
    expect((await get(`/v1/profile/reverse/${me.address.toLowerCase()}?apiVersion=2&sender=${me.address}`)).json()).toEqual([profile])
    expect((await get(`/v1/profile/reverse/eip155:31337:${me.address}`)).json()).toEqual([profile])
    const suggestions = (await get('/v1/profile/suggestions/alice-contract?zone=wg.id')).json() as { suggestions: { name: string; registered: boolean }[] }
    expect(suggestions.suggestions[0]).toEqual({ name: 'alice-contract.wg.id', registered: true })
    expect(suggestions.suggestions.slice(1).map((s) => s.registered)).toEqual([false, false, false, false, false])
  })

  it('looks up a name as long as a registration allows', async () => {
    // 249 letters and the zone: 255 characters, more than the router's default path parameter.
    const long = `${'l'.repeat(249)}`
    expect((await registerName(app, (await registration(long)).body)).statusCode).toBe(200)
    const found = await get(`/v1/profile/account/${long}`)
    expect(found.statusCode, found.body).toBe(200)
    expect(found.json()).toMatchObject({ name: `${long}.wg.id` })
    // Longer than any name that could be registered: not found, without asking the database.
    expect((await get(`/v1/profile/account/${'l'.repeat(300)}`)).statusCode).toBe(404)
  })

  it('answers an unknown name 404, a Solana account no names, another zone no suggestions, a bad address 400', async () => {
    const missing = await get('/v1/profile/account/nobody-here.wg.id?apiVersion=2')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toEqual({ message: 'Name nobody-here.wg.id not found' })
    expect((await get('/v1/profile/reverse/solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).json()).toEqual([])
    expect((await get('/v1/profile/reverse/9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM')).json()).toEqual([])
    expect((await get('/v1/profile/suggestions/alice?zone=other.id')).json()).toEqual({ suggestions: [] })
    // The year in a suggestion is the clock's (ManualClock starts on 2026-01-01).
    expect((await get('/v1/profile/suggestions/a%20b')).json()).toEqual({ suggestions: [{ name: 'ab-wg.wg.id', registered: false }, { name: 'ab2026.wg.id', registered: false }, { name: 'the-ab.wg.id', registered: false }, { name: 'ab-dev.wg.id', registered: false }] })
    const bad = await get('/v1/profile/reverse/0x123')
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({ message: 'Invalid address 0x123' })
  })

  it('refuses each broken registration with its reason, storing nothing', async () => {
    const key = generatePrivateKey()
    const cases: [unknown, string][] = [
      [(await registration('forged-name', key, { tamper: true })).body, 'Invalid signature'],
      [(await registration('abc', key)).body, 'Name must be at least 4 letters, digits or hyphens'],
      [(await registration('has space', key)).body, 'Name must be at least 4 letters, digits or hyphens'],
      [(await registration('mismatch', key, { messageAddress: privateKeyToAccount(generatePrivateKey()).address })).body, 'Message address does not match'],
      [(await registration('cointype', key, { coinType: 60 })).body, 'Message coin type does not match'],
      [{ ...(await registration('nomessage', key)).body, message: undefined }, 'Missing message'],
      [{ ...(await registration('nosig', key)).body, signature: 'abc' }, 'Missing signature'],
      [{ ...(await registration('badaddr', key)).body, address: '0x1234' }, 'Invalid address'],
      [{ ...(await registration('badcoin', key)).body, coin_type: -1 }, 'Invalid coin type'],
      [{ ...(await registration('notjson', key)).body, message: 'not json' }, 'Message is not valid JSON'],
      [{ ...(await registration('noname', key)).body, message: '{"coinType":1}' }, 'Message has no name'],
    ]
    for (const [body, description] of cases) {
      const answer = await registerName(app, body)
      expect([description, answer.statusCode, answer.json()]).toEqual([description, 400, reasons(description)])
    }
    expect((await get('/v1/profile/reverse/' + privateKeyToAccount(key).address)).json()).toEqual([])
    const notObject = await registerName(app, '"text"', { 'content-type': 'application/json' })
    expect([notObject.statusCode, notObject.json()]).toEqual([400, { message: 'Expected a JSON object body' }])
    const malformed = await registerName(app, '{"coin_type": tru', { 'content-type': 'application/json' })
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'Malformed JSON body' }])
  })

  it("refuses a name to a second address, and lets its owner register it again under another coin type", async () => {
    const owner = await registration('first-come')
    expect((await registerName(app, owner.body)).statusCode).toBe(200)
    const second = await registerName(app, (await registration('first-come')).body)
    expect([second.statusCode, second.json()]).toEqual([400, reasons('Name is already taken')])
    const account = privateKeyToAccount(owner.key)
    const message = JSON.stringify({ name: 'first-come', coinType: 60, address: account.address, timestamp: 1 })
    const again = await registerName(app, { coin_type: 60, address: account.address.toLowerCase(), message, signature: await account.signMessage({ message }) })
    expect(again.statusCode).toBe(200)
    expect(Object.keys(again.json().addresses).sort()).toEqual([String(COIN_TYPE), '60'])
    expect((await get('/v1/profile/account/first-come')).json().addresses['60']).toEqual({ address: account.address, created: '2026-01-01T00:00:00.000Z' })
  })

  it('gives a name raced for by two addresses at once to exactly one of them', async () => {
    for (let round = 0; round < 5; round++) {
      const name = `race-${round}`
      const [a, b] = [await registration(name), await registration(name)]
      const answers = await Promise.all([registerName(app, a.body), registerName(app, b.body)])
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 400])
      const winner = answers[0]!.statusCode === 200 ? a : b
      expect(answers.find((r) => r.statusCode === 400)!.json()).toEqual(reasons('Name is already taken'))
      expect((await get(`/v1/profile/account/${name}`)).json().addresses[String(COIN_TYPE)].address).toBe(winner.address)
    }
  })

  it('asks the lookups for the project query and an allowed page; takes a registration from the modal without it', async () => {
    expect((await app.inject('/v1/profile/account/first-come')).statusCode).toBe(400)
    expect((await get('/v1/profile/account/first-come', { origin: 'https://evil.example' })).statusCode).toBe(403)
    // The modal posts a registration with no query: CORS grants the page of a project, not another.
    const preflight = (origin: string) =>
      app.inject({ method: 'OPTIONS', url: '/v1/profile/account', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } })
    expect((await preflight(PAGE)).headers['access-control-allow-origin']).toBe(PAGE)
    expect((await preflight('https://evil.example')).headers['access-control-allow-origin']).toBeUndefined()
    const fromPage = await registerName(app, (await registration('from-the-page')).body, { origin: PAGE })
    expect(fromPage.statusCode).toBe(200)
    expect(fromPage.headers['access-control-allow-origin']).toBe(PAGE)
    // Naming a project, the project's guard holds.
    const named = await app.inject({ method: 'POST', url: '/v1/profile/account?projectId=nope', payload: (await registration('named-project')).body })
    expect(named.statusCode).toBe(403)
  })

  it('keeps registered names across a restart of the server and its database', async () => {
    const place = await durable()
    try {
      let first = await place.open()
      await migrate(first)
      const built = await serverWithProject(first)
      const me = await registration('survivor')
      expect((await registerName(built.app, me.body)).statusCode).toBe(200)
      await built.app.close()
      await first.close()

      first = await place.open()
      expect(await migrate(first)).toEqual([])
      const again = await serverWithProject(first)
      const answer = await again.app.inject(`/v1/profile/account/survivor.wg.id?apiVersion=2&projectId=wg-test&${SDK}`)
      expect(answer.statusCode).toBe(200)
      expect(answer.json().addresses[String(COIN_TYPE)].address).toBe(me.address)
      expect((await registerName(again.app, (await registration('survivor')).body)).json()).toEqual(reasons('Name is already taken'))
      await again.app.close()
      await first.close()
    } finally {
      place.remove()
    }
  })
})

describe('the name zone', () => {
  it('comes from the configuration', async () => {
    const db = await migratedDatabase()
    const { app } = await serverWithProject(db, { names: { zone: 'example.id' } })
    const ok = await registerName(app, (await registration('zoned')).body)
    expect(ok.json().name).toBe('zoned.example.id')
    expect((await app.inject(`/v1/profile/suggestions/zoned?zone=wg.id&projectId=wg-test&${SDK}`)).json()).toEqual({ suggestions: [] })
    expect((await app.inject(`/v1/profile/account/zoned.example.id?projectId=wg-test&${SDK}`)).statusCode).toBe(200)
    await app.close()
    await db.close()
  })
})
