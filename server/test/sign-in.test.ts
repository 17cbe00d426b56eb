/**
 * The sign-in API (`/auth/v1/*`) on both engines: both families' messages signed for real, each
 * check that refuses one and its words, nonces taken once (even by two attempts at once), time from
 * the server's clock, tokens kept only as hashes, and sessions that outlive a restart.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance, InjectOptions } from 'fastify'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { ManualClock } from '../src/clock.js'
import type { Database } from '../src/db/database.js'
import { migrate } from '../src/db/migrations.js'
import { SIGN_IN_NONCE_TTL_MS, hashToken } from '../src/sign-in-sessions.js'
import { ENGINES } from './engines.js'
import { SOLANA_CHAIN, siwe, siws, solanaKey, type MessageFields } from './signing.js'
import { migratedDatabase, serverWithProject } from './support.js'

const PAGE = 'https://app.example'
const HOUR = 3_600_000
/** The chains these servers offer sign-in on: the devnet's, given as a server option (no RPC: ordinary accounts only). */
const SIGN_IN_CHAINS = [{ id: 'eip155:31337' }, { id: 'eip155:31338' }, { id: SOLANA_CHAIN }]

async function call(app: FastifyInstance, method: 'GET' | 'POST', path: string, init: { body?: unknown; raw?: string; token?: string; origin?: string | null } = {}) {
  const headers: Record<string, string> = {}
  if (init.origin !== null) headers.origin = init.origin ?? PAGE
  if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`
  if (init.body !== undefined || init.raw !== undefined) headers['content-type'] = 'application/json'
  const options: InjectOptions = { method, url: path, headers }
  if (init.raw !== undefined) options.payload = init.raw
  else if (init.body !== undefined) options.payload = JSON.stringify(init.body)
  const res = await app.inject(options)
  return { status: res.statusCode, body: res.json<Record<string, unknown>>() }
}

describe.each(ENGINES)('sign-in on $name', ({ open, durable }) => {
  let db: Database
  let app: FastifyInstance
  let clock: ManualClock

  beforeAll(async () => {
    db = await migratedDatabase(open)
    ;({ app, clock } = await serverWithProject(db, {}, { signInChains: SIGN_IN_CHAINS }))
  })
  afterAll(async () => {
    await app.close()
    await db.close()
  })

  const nonce = async (server = app) => {
    const answer = await call(server, 'POST', '/auth/v1/nonce')
    expect(answer.status).toBe(201)
    return answer.body.nonce as string
  }
  const fields = async (overrides: Partial<MessageFields> = {}): Promise<MessageFields> => ({ nonce: await nonce(), issuedAtMs: clock.now(), expiresAtMs: clock.now() + HOUR, ...overrides })
  const evmKey = generatePrivateKey()
  const evmAddress = privateKeyToAccount(evmKey).address
  const solKey = solanaKey()
  const authenticate = (session: { message: string; signature: string; data?: unknown }, caipNetworkId: string, origin?: string | null, server = app) =>
    call(server, 'POST', '/auth/v1/authenticate', { body: { message: session.message, signature: session.signature, caipNetworkId, ...(session.data === undefined ? {} : { data: session.data }) }, ...(origin === undefined ? {} : { origin }) })
  const refused = (message: string) => ({ status: 401, body: { message } })

  it('issues fresh alphanumeric nonces, even asked for with an empty JSON body', async () => {
    const [a, b] = [await nonce(), await nonce()]
    expect(a).toMatch(/^[A-Za-z0-9]{8,}$/)
    expect(a).not.toBe(b)
    expect((await call(app, 'POST', '/auth/v1/nonce', { raw: '' })).status).toBe(201)
  })

  const families = [
    ['eip155', async (o: Partial<MessageFields> = {}) => siwe(evmKey, await fields(o)), 'eip155:31337', evmAddress],
    ['solana', async (o: Partial<MessageFields> = {}) => siws(solKey, await fields({ chainId: SOLANA_CHAIN, ...o })), SOLANA_CHAIN, solKey.address],
  ] as const

  for (const [family, signed, caipNetworkId, address] of families) {
    it(`${family}: authenticate answers a token; me answers the session until sign-out`, async () => {
      const session = await signed()
      const auth = await authenticate(session, caipNetworkId)
      expect(auth.status).toBe(201)
      expect(auth.body.session).toEqual(session)
      const token = auth.body.token as string
      expect(await call(app, 'GET', '/auth/v1/me', { token })).toEqual({ status: 200, body: { address, caipNetworkId, session } })
      expect(await call(app, 'POST', '/auth/v1/sign-out', { token })).toEqual({ status: 200, body: { signedOut: true } })
      expect(await call(app, 'GET', '/auth/v1/me', { token })).toEqual(refused('Not signed in'))
      // Signing out twice is no error; without a token it is.
      expect((await call(app, 'POST', '/auth/v1/sign-out', { token })).status).toBe(200)
      expect(await call(app, 'POST', '/auth/v1/sign-out')).toEqual(refused('Not signed in'))
      expect(await call(app, 'GET', '/auth/v1/me')).toEqual(refused('Not signed in'))
    })

    it(`${family}: without data the session's fields are read from the message`, async () => {
      const session = await signed()
      const auth = await authenticate({ message: session.message, signature: session.signature }, caipNetworkId)
      expect(auth.status).toBe(201)
      expect((auth.body.session as { data: unknown }).data).toEqual(session.data)
    })

    it(`${family}: refuses a bad signature, a used nonce, another site, an expired or future message, another chain`, async () => {
      const good = await signed()
      expect(await authenticate({ ...good, signature: (await signed()).signature }, caipNetworkId)).toEqual(refused('The signature does not verify'))
      // That attempt used the nonce up: the right signature no longer helps.
      expect(await authenticate(good, caipNetworkId)).toEqual(refused('Unknown or used nonce'))
      expect(await authenticate(await signed(), caipNetworkId, 'https://evil.example')).toEqual(refused('The message names another domain'))
      expect(await authenticate(await signed({ uri: 'https://evil.example' }), caipNetworkId)).toEqual(refused('The message names another URI'))
      const past = clock.now() - 2 * HOUR
      expect(await authenticate(await signed({ issuedAtMs: past, expiresAtMs: past + 1000 }), caipNetworkId)).toEqual(refused('The message has expired'))
      expect(await authenticate(await signed({ expiresAtMs: undefined }), caipNetworkId)).toEqual(refused('The message has expired'))
      expect(await authenticate(await signed({ notBeforeMs: clock.now() + HOUR, expiresAtMs: clock.now() + 2 * HOUR }), caipNetworkId)).toEqual(refused('The message is not valid yet'))
      const otherChain = family === 'eip155' ? 'eip155:31338' : 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
      const claimed = await authenticate(await signed(), otherChain)
      expect(claimed).toEqual(family === 'eip155' ? refused('The message names another chain') : { status: 400, body: { message: `Sign-in is not available on ${otherChain}` } })
    })
  }

  it('answers 400 to a malformed body, a missing Origin, a network not offered, data that does not describe the message', async () => {
    expect(await call(app, 'POST', '/auth/v1/authenticate', { raw: '{"message": tru' })).toEqual({ status: 400, body: { message: 'Malformed JSON body' } })
    expect(await call(app, 'POST', '/auth/v1/authenticate', { body: { signature: '0x00', caipNetworkId: 'eip155:31337' } })).toEqual({ status: 400, body: { message: 'Missing body field message' } })
    expect(await authenticate({ message: 'hello', signature: '0x00' }, 'eip155:31337')).toEqual({ status: 400, body: { message: 'Malformed sign-in message' } })
    const s = await siwe(evmKey, await fields())
    expect(await authenticate(s, 'eip155:31337', null)).toEqual({ status: 400, body: { message: 'Missing Origin header' } })
    expect(await authenticate(s, 'eip155:31337', 'null')).toEqual({ status: 400, body: { message: 'Missing Origin header' } })
    const other = await siwe(evmKey, await fields())
    expect(await authenticate({ ...other, data: { ...other.data, statement: 'Something else.' } }, 'eip155:31337')).toEqual({
      status: 400,
      body: { message: 'The data does not describe the signed message' },
    })
    expect(await authenticate(await siwe(evmKey, await fields()), 'cosmos:cosmoshub-4')).toEqual({ status: 400, body: { message: 'Sign-in is not available on cosmos:cosmoshub-4' } })
    expect(await authenticate(await siwe(evmKey, await fields({ chainId: 'eip155:1' })), 'eip155:1')).toEqual({ status: 400, body: { message: 'Sign-in is not available on eip155:1' } })
    // Those 400s did not take their nonces: the message still signs in.
    expect((await authenticate(s, 'eip155:31337')).status).toBe(201)
  })

  it('gives a nonce to one of two attempts at once, and refuses one that waited past its time', async () => {
    const session = await siwe(evmKey, await fields())
    const [a, b] = await Promise.all([authenticate(session, 'eip155:31337'), authenticate(session, 'eip155:31337')])
    expect([a.status, b.status].sort()).toEqual([201, 401])
    const late = await siwe(evmKey, await fields({ expiresAtMs: clock.now() + 2 * HOUR }))
    clock.advance(SIGN_IN_NONCE_TTL_MS + 1)
    expect(await authenticate(late, 'eip155:31337')).toEqual(refused('Unknown or used nonce'))
  })

  it('ends a session at its message expiry, on the server clock', async () => {
    const auth = await authenticate(await siwe(evmKey, await fields({ expiresAtMs: clock.now() + 60_000 })), 'eip155:31337')
    const token = auth.body.token as string
    expect((await call(app, 'GET', '/auth/v1/me', { token })).status).toBe(200)
    clock.advance(60_000)
    expect(await call(app, 'GET', '/auth/v1/me', { token })).toEqual(refused('The session has expired'))
    expect(await call(app, 'GET', '/auth/v1/me', { token })).toEqual(refused('Not signed in'))
  })

  it('keeps only a hash of each token', async () => {
    const auth = await authenticate(await siwe(evmKey, await fields()), 'eip155:31337')
    const token = auth.body.token as string
    const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM siwx_sessions')
    expect(rows.some((row) => row.token_hash === hashToken(token))).toBe(true)
    expect(JSON.stringify(rows)).not.toContain(token)
  })

  it('grants CORS to a page of a project only', async () => {
    const preflight = (origin: string, path: string) =>
      app.inject({ method: 'OPTIONS', url: path, headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization,content-type' } })
    for (const path of ['/auth/v1/nonce', '/auth/v1/authenticate', '/auth/v1/me', '/auth/v1/sign-out']) {
      expect([path, (await preflight(PAGE, path)).headers['access-control-allow-origin']]).toEqual([path, PAGE])
      expect([path, (await preflight('https://evil.example', path)).headers['access-control-allow-origin']]).toEqual([path, undefined])
    }
    const answer = await app.inject({ method: 'POST', url: '/auth/v1/nonce', headers: { origin: 'https://evil.example' } })
    expect(answer.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('keeps a session across a restart of the server and its database', async () => {
    const place = await durable()
    try {
      let database = await place.open()
      await migrate(database)
      const first = await serverWithProject(database, {}, { signInChains: SIGN_IN_CHAINS })
      const issued = (await call(first.app, 'POST', '/auth/v1/nonce')).body.nonce as string
      const session = await siwe(evmKey, { nonce: issued, issuedAtMs: first.clock.now(), expiresAtMs: first.clock.now() + HOUR })
      const auth = await authenticate(session, 'eip155:31337', undefined, first.app)
      expect(auth.status).toBe(201)
      const waiting = (await call(first.app, 'POST', '/auth/v1/nonce')).body.nonce as string
      await first.app.close()
      await database.close()

      database = await place.open()
      const second = await serverWithProject(database, {}, { signInChains: SIGN_IN_CHAINS })
      expect(await call(second.app, 'GET', '/auth/v1/me', { token: auth.body.token as string })).toEqual({ status: 200, body: { address: evmAddress, caipNetworkId: 'eip155:31337', session } })
      // A nonce issued before the restart is still good once, and the used one still is not.
      expect((await authenticate(await siwe(evmKey, { nonce: waiting, issuedAtMs: second.clock.now(), expiresAtMs: second.clock.now() + HOUR }), 'eip155:31337', undefined, second.app)).status).toBe(201)
      expect((await authenticate(session, 'eip155:31337', undefined, second.app)).status).toBe(401)
      await second.app.close()
      await database.close()
    } finally {
      place.remove()
    }
  })
})

describe('the chains sign-in is offered on', () => {
  it("are the configuration's chains besides the server's option", async () => {
    const db = await migratedDatabase()
    // The RPC URL is for smart accounts; an ordinary account's signature verifies without asking it.
    const { app, clock } = await serverWithProject(db, { chains: [{ id: 'eip155:1', rpcUrls: ['http://127.0.0.1:9'] }] })
    const key = generatePrivateKey()
    const issued = (await call(app, 'POST', '/auth/v1/nonce')).body.nonce as string
    const mainnet = await siwe(key, { chainId: 'eip155:1', nonce: issued, issuedAtMs: clock.now(), expiresAtMs: clock.now() + HOUR })
    expect((await call(app, 'POST', '/auth/v1/authenticate', { body: { message: mainnet.message, signature: mainnet.signature, caipNetworkId: 'eip155:1' } })).status).toBe(201)
    const devnet = await siwe(key, { chainId: 'eip155:31337', nonce: issued, issuedAtMs: clock.now(), expiresAtMs: clock.now() + HOUR })
    expect((await call(app, 'POST', '/auth/v1/authenticate', { body: { message: devnet.message, signature: devnet.signature, caipNetworkId: 'eip155:31337' } })).status).toBe(400)
    await app.close()
    await db.close()
  })
})
