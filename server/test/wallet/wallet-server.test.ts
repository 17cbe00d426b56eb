/**
 * The wallet origin over real HTTP: two replicas of it on one PostgreSQL serve the same visitor
 * (a code mailed by one is taken by the other, a session made on one reads on the other, sign out
 * everywhere on one ends it on both); a restart keeps the visitor's session and wallet; and the
 * origin's guards hold before any route runs (a stranger's page, a frame for an origin the project
 * does not allow, a session route called from another site).
 */
import { createPublicKey, verify } from 'node:crypto'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { verifyMessage, type Hex } from 'viem'
import { decodeBase58 } from '../../src/base58.js'
import { ManualClock } from '../../src/clock.js'
import type { Database } from '../../src/db/database.js'
import { migrate } from '../../src/db/migrations.js'
import { openPostgresDatabase } from '../../src/db/postgres-database.js'
import { LocalKeyEncryption, newKekEntry, parseKeks } from '../../src/wallet/key-encryption.js'
import { AuthAccounts, type Outgoing } from '../../src/wallet/login/accounts.js'
import { OneTimeValues } from '../../src/wallet/login/one-time-values.js'
import { buildWalletServer, ORIGIN_NOT_ALLOWED } from '../../src/wallet/wallet-server.js'
import { WalletKeys } from '../../src/wallet/wallet-keys.js'
import { ENGINES, freshPostgresUrl } from '../engines.js'
import { migratedDatabase } from '../support.js'

const KEK = newKekEntry('k1')
const SHOP = 'https://shop.example'
const clock = new ManualClock(Date.parse('2026-12-07T12:00:00Z'))
const running: FastifyInstance[] = []
/** An Ed25519 public key's DER prefix (SPKI), before its 32 raw bytes. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')
afterAll(async () => {
  await Promise.all(running.map((app) => app.close()))
})

/** One replica of the wallet origin on `db`, listening on loopback; what it mailed lands in `mail`. */
async function replica(db: Database, mail: Outgoing[], logs?: string[]): Promise<{ url: string; app: FastifyInstance }> {
  const keys = new WalletKeys(db, new LocalKeyEncryption(parseKeks(KEK)), clock)
  let url = ''
  const app = await buildWalletServer({
    accounts: new AuthAccounts(db, keys, { clock, newCode: () => '123456' }),
    keys,
    oneTime: new OneTimeValues(db, () => clock.now()),
    clock,
    walletUrl: () => url,
    // No node is called here: personal_sign needs the chain named, not reached.
    chains: [{ chainId: 1, name: 'Ethereum', rpcUrl: 'http://127.0.0.1:9' }],
    mail: async (outgoing) => void mail.push(outgoing),
    hostOrigin: async (projectId, origin) => (projectId === 'shop' && origin === SHOP ? SHOP : undefined),
    frameApp: async () => 'void 0',
    ...(logs === undefined ? {} : { logger: { stream: new Writable({ write: (chunk: Buffer, _encoding, done) => void (logs.push(chunk.toString()), done()) }) } }),
  })
  url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('127.0.0.1', 'localhost')
  running.push(app)
  return { url, app }
}

const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

async function login(url: string, email: string, deviceId = 'laptop'): Promise<{ token: string; user: { accounts: { eip155: Hex; solana: string } } }> {
  expect((await post(`${url}/v1/email/login`, { email, deviceId })).status).toBe(200)
  const verified = await post(`${url}/v1/email/verify`, { email, otp: '123456', deviceId })
  expect(verified.status).toBe(200)
  return (await verified.json()) as { token: string; user: { accounts: { eip155: Hex; solana: string } } }
}

describe('two replicas of the wallet origin on one PostgreSQL', () => {
  it('serve the same visitor: a code from one signs in on the other, and sign out everywhere ends it on both', async () => {
    const dbUrl = await freshPostgresUrl()
    const [dbA, dbB] = [await openPostgresDatabase(dbUrl), await openPostgresDatabase(dbUrl)]
    await migrate(dbA)
    const mail: Outgoing[] = []
    const [a, b] = [await replica(dbA, mail), await replica(dbB, mail)]

    const email = 'two@shop.example'
    expect(await (await post(`${a.url}/v1/email/login`, { email, deviceId: 'laptop' })).json()).toEqual({ action: 'VERIFY_OTP' })
    expect(mail.at(-1)).toMatchObject({ kind: 'otp', email })
    const verified = (await (await post(`${b.url}/v1/email/verify`, { email, otp: '123456', deviceId: 'laptop' })).json()) as { token: string; user: { accounts: { eip155: Hex } } }
    for (const { url } of [a, b]) {
      const user = (await (await fetch(`${url}/v1/user`, { headers: bearer(verified.token) })).json()) as { email: string; accounts: { eip155: Hex } }
      expect(user).toMatchObject({ email, accounts: { eip155: verified.user.accounts.eip155 } })
    }
    // Either replica signs with the one key.
    for (const { url } of [a, b]) {
      const signed = (await (await post(`${url}/v1/rpc`, { chainId: 1, method: 'personal_sign', params: ['hello'] }, bearer(verified.token))).json()) as { result: Hex }
      expect(await verifyMessage({ address: verified.user.accounts.eip155, message: 'hello', signature: signed.result })).toBe(true)
    }

    expect(await (await post(`${a.url}/v1/sign-out-everywhere`, {}, bearer(verified.token))).json()).toEqual({ signedOut: 1 })
    for (const { url } of [a, b]) expect((await fetch(`${url}/v1/user`, { headers: bearer(verified.token) })).status).toBe(401)
    await Promise.all([a.app.close(), b.app.close()])
    await Promise.all([dbA.close(), dbB.close()])
  }, 60_000)
})

for (const engine of ENGINES) {
  describe(`the wallet origin on ${engine.name}`, () => {
    it('keeps every session and wallet over a restart: the same token reads the same user', async () => {
      const durable = await engine.durable()
      let db = await durable.open()
      await migrate(db)
      let server = await replica(db, [])
      const before = await login(server.url, 'restart@shop.example')
      await server.app.close()
      await db.close()

      db = await durable.open()
      server = await replica(db, [])
      const after = (await (await fetch(`${server.url}/v1/user`, { headers: bearer(before.token) })).json()) as { accounts: unknown }
      expect(after.accounts).toEqual(before.user.accounts)
      await server.app.close()
      await db.close()
      durable.remove()
    }, 60_000)
  })
}

describe('the wallet origin refuses before any route runs', () => {
  it("a stranger's page, a frame for an origin the project does not list, a session route from another site", async () => {
    const db = await migratedDatabase()
    const mail: Outgoing[] = []
    const { url } = await replica(db, mail)

    // A page of another origin cannot even start a login (nothing is mailed).
    const stranger = await post(`${url}/v1/email/login?projectId=shop`, { email: 'x@shop.example', deviceId: 'd' }, { origin: 'https://evil.example' })
    expect(stranger.status).toBe(403)
    expect(await stranger.json()).toEqual({ message: ORIGIN_NOT_ALLOWED })
    expect(mail).toEqual([])
    // The project's own page may, with CORS for exactly it.
    const shop = await post(`${url}/v1/email/login?projectId=shop`, { email: 'x@shop.example', deviceId: 'd' }, { origin: SHOP })
    expect(shop.status).toBe(200)
    expect(shop.headers.get('access-control-allow-origin')).toBe(SHOP)
    // ...but not open the session with the code it saw typed: that is the frame's alone.
    const taken = await post(`${url}/v1/email/verify?projectId=shop`, { email: 'x@shop.example', otp: '123456', deviceId: 'd' }, { origin: SHOP, 'sec-fetch-site': 'cross-site' })
    expect(taken.status).toBe(403)

    const frame = await fetch(`${url}/frame?projectId=shop&origin=${encodeURIComponent(SHOP)}`)
    expect(frame.status).toBe(200)
    expect(frame.headers.get('content-security-policy')).toContain(`frame-ancestors ${SHOP};`)
    const elsewhere = await fetch(`${url}/frame?projectId=shop&origin=${encodeURIComponent('https://shop.example.evil.example')}`)
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.headers.get('content-security-policy')).toBe("frame-ancestors 'none'")

    // A body that is not JSON is said to be so.
    const malformed = await fetch(`${url}/v1/email/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' })
    expect(malformed.status).toBe(400)
    expect(await malformed.json()).toEqual({ message: 'Malformed JSON body' })
    await db.close()
  }, 60_000)
})

describe('a Solana signature through the wallet origin', () => {
  it("is made with the visitor's key, and verifies against their Solana address", async () => {
    const db = await migratedDatabase()
    const { url } = await replica(db, [])
    const { token, user } = await login(url, 'sign@shop.example')
    const message = Buffer.from('hello from the shop')
    const signed = await post(`${url}/v1/solana/sign`, { kind: 'message', bytes: message.toString('base64') }, bearer(token))
    expect(signed.status).toBe(200)
    const { signature } = (await signed.json()) as { signature: string }
    const key = createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, decodeBase58(user.accounts.solana)]), format: 'der', type: 'spki' })
    expect(verify(null, message, key, decodeBase58(signature))).toBe(true)
    expect(verify(null, Buffer.from('something else'), key, decodeBase58(signature))).toBe(false)
    await db.close()
  }, 60_000)
})

describe("the wallet origin's log", () => {
  it('names a request by its path: the token of an emailed link never reaches it', async () => {
    const db = await migratedDatabase()
    const logs: string[] = []
    const { url } = await replica(db, [], logs)
    const token = 'link-token-that-must-not-be-logged'
    expect((await fetch(`${url}/v1/email/device-approval?token=${token}`)).status).toBe(200)
    expect(logs.join('')).toContain('/v1/email/device-approval')
    expect(logs.join('')).not.toContain(token)
    await db.close()
  }, 60_000)
})
