/**
 * Attacks on walletgate-server's name service and sign-in API (server/src/names.ts,
 * server/src/sign-in-*.ts): a captured sign-in replayed, twice at once; a message signed for another
 * site; a bearer token guessed, or altered by one character; a name already owned claimed by a
 * second address, one after the other and both at once. Each fails without its defence (the
 * nonce taken by one DELETE ... RETURNING, the domain and URI checks, tokens kept as hashes, the
 * name's primary key and owner check); these defences came in with the routes, and the suite keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { generatePrivateKey } from 'viem/accounts'
import type { ManualClock } from '../../server/src/clock.js'
import type { Database } from '../../server/src/db/database.js'
import { registerName, registration, siwe, type MessageFields } from '../../server/test/signing.js'
import { migratedDatabase, SDK, serverWithProject } from '../../server/test/support.js'

const SITE = 'https://app.example'
let db: Database
let app: FastifyInstance
let clock: ManualClock

beforeAll(async () => {
  db = await migratedDatabase()
  ;({ app, clock } = await serverWithProject(db, {}, { signInChains: [{ id: 'eip155:31337' }] }))
}, 60_000)
afterAll(async () => {
  await app?.close()
  await db?.close()
})

const owner = generatePrivateKey()

async function nonce(): Promise<string> {
  return (await app.inject({ method: 'POST', url: '/auth/v1/nonce', headers: { origin: SITE } })).json<{ nonce: string }>().nonce
}

async function signed(overrides: Partial<MessageFields> = {}) {
  return siwe(owner, { nonce: await nonce(), issuedAtMs: clock.now(), expiresAtMs: clock.now() + 3_600_000, ...overrides })
}

const authenticate = (session: { message: string; signature: string }, origin = SITE) =>
  app.inject({ method: 'POST', url: '/auth/v1/authenticate', headers: { origin }, payload: { message: session.message, signature: session.signature, caipNetworkId: 'eip155:31337' } })

const me = (token: string) => app.inject({ url: '/auth/v1/me', headers: { authorization: `Bearer ${token}` } })

describe('a captured sign-in replayed', () => {
  it('gets no second session: the nonce answered the first attempt', async () => {
    const session = await signed()
    expect((await authenticate(session)).statusCode).toBe(201)
    const replay = await authenticate(session)
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toEqual({ message: 'Unknown or used nonce' })
  })

  it('sent twice at once gets one session, not two', async () => {
    const session = await signed()
    const answers = await Promise.all([authenticate(session), authenticate(session), authenticate(session)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 401, 401])
  })
})

describe('a message signed for another site', () => {
  it('is refused here, whether its domain or its URI is the other one', async () => {
    const otherDomain = await authenticate(await signed({ domain: 'evil.example' }))
    expect([otherDomain.statusCode, otherDomain.json()]).toEqual([401, { message: 'The message names another domain' }])
    const otherUri = await authenticate(await signed({ uri: 'https://evil.example' }))
    expect([otherUri.statusCode, otherUri.json()]).toEqual([401, { message: 'The message names another URI' }])
    // A look-alike that only starts with the real site's origin.
    const prefix = await authenticate(await signed({ uri: `${SITE}.evil.example/` }))
    expect(prefix.statusCode).toBe(401)
  })

  it("this site's message relayed from the other site's page is refused, and its page gets no CORS grant", async () => {
    const relayed = await authenticate(await signed(), 'https://evil.example')
    expect(relayed.statusCode).toBe(401)
    expect(relayed.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('a bearer token not issued by the server', () => {
  it('guessed, or one character off a real one, reads no session', async () => {
    const token = (await authenticate(await signed())).json<{ token: string }>().token
    expect((await me(token)).statusCode).toBe(200)
    expect((await me('A'.repeat(43))).json()).toEqual({ message: 'Not signed in' })
    const altered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await me(altered)).statusCode).toBe(401)
    expect((await me(token.toUpperCase())).statusCode).toBe(401)
    // Nor does the value the database keeps: only the token's hash is there.
    const { rows } = await db.query<{ token_hash: string }>('SELECT token_hash FROM siwx_sessions')
    for (const row of rows) expect((await me(row.token_hash)).statusCode).toBe(401)
  })

  it('an altered token cannot sign the real one out', async () => {
    const token = (await authenticate(await signed())).json<{ token: string }>().token
    await app.inject({ method: 'POST', url: '/auth/v1/sign-out', headers: { authorization: `Bearer ${token}x` } })
    expect((await me(token)).statusCode).toBe(200)
  })
})

describe('a name already owned, claimed by a second address', () => {
  it('is refused, and the owner keeps it', async () => {
    const first = await registration('owned-name')
    expect((await registerName(app, first.body)).statusCode).toBe(200)
    const claim = await registerName(app, (await registration('owned-name')).body)
    expect([claim.statusCode, claim.json()]).toEqual([400, { reasons: [{ description: 'Name is already taken' }] }])
    // Writing it differently names the same name.
    const shouting = await registerName(app, (await registration(' OWNED-NAME.WG.ID ')).body)
    expect(shouting.json()).toEqual({ reasons: [{ description: 'Name is already taken' }] })
    const profile = (await app.inject(`/v1/profile/account/owned-name?projectId=wg-test&${SDK}`)).json<{ addresses: Record<string, { address: string }> }>()
    expect(Object.values(profile.addresses).map((a) => a.address)).toEqual([first.address])
  })

  it("with the owner's address in the message but another key's signature, is refused", async () => {
    const first = await registration('signed-name')
    expect((await registerName(app, first.body)).statusCode).toBe(200)
    const thief = await registration('signed-name', generatePrivateKey(), { messageAddress: first.address })
    const forged = await registerName(app, { ...thief.body, address: first.address })
    expect(forged.json()).toEqual({ reasons: [{ description: 'Invalid signature' }] })
  })

  it('by several addresses at once, goes to one of them only', async () => {
    const claims = await Promise.all([1, 2, 3].map(async () => registration('contested')))
    const answers = await Promise.all(claims.map((c) => registerName(app, c.body)))
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400])
  })
})
