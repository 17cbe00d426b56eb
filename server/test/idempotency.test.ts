/**
 * Writes retried with an Idempotency-Key (../src/idempotency.ts), on two replicas of one database:
 * a sign-in session opened once however often the client asks (a retry would otherwise find its
 * nonce spent and fail), the first answer replayed on the other replica, the key bound to its
 * request, and nothing readable of the answer in the database.
 */
import type { FastifyInstance } from 'fastify'
import { generatePrivateKey } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildServer } from '../src/app.js'
import { ManualClock } from '../src/clock.js'
import { DEFAULT_CONFIG } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { IDEMPOTENCY_ABANDONED_MS, IDEMPOTENCY_MESSAGES } from '../src/idempotency.js'
import { Projects } from '../src/projects.js'
import { ENGINES } from './engines.js'
import { siwe } from './signing.js'
import { migratedDatabase, SDK } from './support.js'

const PAGE = 'https://app.example'
const KEY = 'retry-0123456789abcdef'

describe.each(ENGINES)('idempotent writes on $name', ({ open }) => {
  let db: Database
  const clock = new ManualClock(Date.UTC(2026, 11, 7, 12))
  const replicas: FastifyInstance[] = []

  beforeAll(async () => {
    db = await migratedDatabase(open)
    await new Projects(db, clock).add('wg-test', [PAGE])
    const config = { ...DEFAULT_CONFIG, chains: [{ id: 'eip155:31337', rpcUrls: ['http://127.0.0.1:9'] }] } as typeof DEFAULT_CONFIG
    for (let i = 0; i < 2; i++) replicas.push(await buildServer({ config, db, clock, signInChains: [{ id: 'eip155:31337' }] }))
  })
  afterAll(async () => {
    for (const app of replicas) await app.close()
    await db.close()
  })

  const nonce = async (): Promise<string> => ((await replicas[0]!.inject({ method: 'POST', url: '/auth/v1/nonce', headers: { origin: PAGE } })).json() as { nonce: string }).nonce
  const signedIn = async () => siwe(generatePrivateKey(), { nonce: await nonce(), issuedAtMs: clock.now(), expiresAtMs: clock.now() + 3_600_000 })
  const authenticate = (app: FastifyInstance, session: { message: string; signature: string }, key?: string) =>
    app.inject({
      method: 'POST',
      url: '/auth/v1/authenticate',
      headers: { origin: PAGE, 'content-type': 'application/json', ...(key === undefined ? {} : { 'idempotency-key': key }) },
      payload: JSON.stringify({ message: session.message, signature: session.signature, caipNetworkId: 'eip155:31337' }),
    })

  it('opens a sign-in session once: the retry on the other replica gets the same answer, where without a key it fails', async () => {
    const session = await signedIn()
    const first = await authenticate(replicas[0]!, session, KEY)
    expect(first.statusCode).toBe(201)
    const retried = await authenticate(replicas[1]!, session, KEY)
    expect(retried.statusCode).toBe(201)
    expect(retried.headers['idempotent-replayed']).toBe('true')
    expect(retried.json()).toEqual(first.json())
    // The same request without the key runs again and finds its nonce spent.
    expect((await authenticate(replicas[1]!, session)).statusCode).toBe(401)
  })

  it('binds a key to its request: another body, or another route, does not get the answer', async () => {
    const session = await signedIn()
    const key = 'bound-0123456789abcdef'
    expect((await authenticate(replicas[0]!, session, key)).statusCode).toBe(201)
    const other = await authenticate(replicas[0]!, await signedIn(), key)
    expect([other.statusCode, other.json()]).toEqual([422, { message: IDEMPOTENCY_MESSAGES.otherRequest }])
    // Another route's key space is its own: the same key there runs as a new request.
    const elsewhere = await replicas[0]!.inject({
      method: 'POST',
      url: `/e?projectId=wg-test&${SDK}`,
      headers: { origin: PAGE, 'idempotency-key': key },
      payload: { eventId: 'idem-1', url: `${PAGE}/`, domain: 'app.example', timestamp: clock.now(), props: { type: 'track', event: 'MODAL_OPEN' } },
    })
    expect(elsewhere.statusCode).toBe(202)
    expect(elsewhere.headers['idempotent-replayed']).toBeUndefined()
  })

  it('refuses a key too short to be unguessable, and keeps no answer readable in the database', async () => {
    const short = await authenticate(replicas[0]!, await signedIn(), 'abc')
    expect([short.statusCode, short.json()]).toEqual([400, { message: IDEMPOTENCY_MESSAGES.badKey }])
    const session = await signedIn()
    const key = 'sealed-0123456789abcdef'
    const { token } = (await authenticate(replicas[0]!, session, key)).json() as { token: string }
    const { rows } = await db.query<{ scope: string; body: Uint8Array }>('SELECT scope, body FROM idempotent_requests')
    const everything = rows.map((r) => `${r.scope} ${Buffer.from(r.body ?? []).toString('latin1')}`).join('\n')
    expect(everything).not.toContain(token)
    expect(everything).not.toContain(key)
  })

  it("frees a key whose first request's replica died (pending for over a minute)", async () => {
    const session = await signedIn()
    const key = 'orphan-0123456789abcdef'
    // A replica took the key and died before answering: its row stays pending.
    await authenticate(replicas[0]!, session, key)
    await db.query("UPDATE idempotent_requests SET state = 'pending', body = NULL")
    const waiting = await authenticate(replicas[1]!, session, key)
    expect([waiting.statusCode, waiting.json()]).toEqual([409, { message: IDEMPOTENCY_MESSAGES.inProgress }])
    clock.advance(IDEMPOTENCY_ABANDONED_MS + 1)
    // Taken again, the request runs (and fails honestly: the nonce was spent by the dead attempt).
    expect((await authenticate(replicas[1]!, session, key)).statusCode).toBe(401)
  })
})
