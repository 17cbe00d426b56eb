/**
 * The embedded wallet's accounts on the server's database, on both engines: an identity is one
 * user for good; users, sessions and wallets outlive a restart; two replicas on one PostgreSQL
 * serve the same user, use a code once and sign out everywhere together; a pg_dump of the database
 * holds no spelling of a user's key, and under a wrong KEK it opens nothing.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { decodeBase58 } from '../../src/base58.js'
import { ManualClock } from '../../src/clock.js'
import type { Database } from '../../src/db/database.js'
import { migrate } from '../../src/db/migrations.js'
import { openPostgresDatabase } from '../../src/db/postgres-database.js'
import { KeyUnwrapError, LocalKeyEncryption, newKekEntry, openUserKeys, parseKeks, type KeyEncryption } from '../../src/wallet/key-encryption.js'
import { AUTH_MESSAGES, AuthAccounts, SESSION_LIFETIME_MS, type AuthError } from '../../src/wallet/login/accounts.js'
import { WalletKeys } from '../../src/wallet/wallet-keys.js'
import { ENGINES, freshPostgresUrl } from '../engines.js'
import { postgresBinaries } from '../postgres-cluster.js'
import { migratedDatabase } from '../support.js'

const KEK = newKekEntry('k1')
const kek = (entry = KEK): KeyEncryption => new LocalKeyEncryption(parseKeks(entry))
const ORIGIN = { origin: 'https://app.example' }
const dir = mkdtempSync(join(tmpdir(), 'wg-accounts-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function accountsOn(db: Database, clock = new ManualClock(Date.parse('2026-12-06T12:00:00Z')), keys = kek()) {
  const wallets = new WalletKeys(db, keys, clock)
  return { accounts: new AuthAccounts(db, wallets, { clock, newCode: () => '123456' }), wallets, clock }
}

async function emailLogin(accounts: AuthAccounts, email: string, deviceId = 'laptop') {
  await accounts.startLogin(email, deviceId)
  return accounts.verifyCode(email, '123456', deviceId)
}

describe('identities', () => {
  it('one identity is one user for good: a new wallet the first time, the same after, a new session each time', async () => {
    const db = await migratedDatabase()
    const { accounts } = accountsOn(db)
    const first = await accounts.signInIdentity({ key: 'google-1001', socialProvider: 'google', email: 'alice@devnet.test', userName: 'alice' })
    const again = await accounts.signInIdentity({ key: 'google-1001', socialProvider: 'google', email: 'alice@devnet.test', userName: 'alice' })
    expect([first.created, again.created]).toEqual([true, false])
    expect(again.user.evmAddress).toBe(first.user.evmAddress)
    expect(again.session.token).not.toBe(first.session.token)
    expect((await accounts.authenticate(first.session.token)).user).toMatchObject({ socialProvider: 'google', userName: 'alice', email: 'alice@devnet.test', emailVerified: false })
    await db.close()
  })

  it('the same subject at another provider, a Farcaster fid and the email user of the same address are all different users', async () => {
    const db = await migratedDatabase()
    const { accounts } = accountsOn(db)
    const google = await accounts.signInIdentity({ key: 'sub-1', socialProvider: 'google', email: 'alice@devnet.test' })
    const github = await accounts.signInIdentity({ key: 'sub-1', socialProvider: 'github', email: 'alice@devnet.test' })
    const farcaster = await accounts.signInIdentity({ key: 'farcaster:4201', socialProvider: 'farcaster', userName: 'alice' })
    const email = await emailLogin(accounts, 'alice@devnet.test')
    expect(new Set([google, github, farcaster, email].map((s) => s.user.evmAddress)).size).toBe(4)
    expect(new Set([google, github, farcaster, email].map((s) => s.user.solanaAddress)).size).toBe(4)
    expect(email.created).toBe(true)
    expect(email.user.socialProvider).toBeUndefined()
    // The owner proved the address: the identities that only carried it lose it, and their sessions.
    await expect(accounts.authenticate(google.session.token)).rejects.toThrow(AUTH_MESSAGES.noSession)
    expect((await accounts.userById(google.user.id))?.email).toBe('')
    await db.close()
  })
})

describe('sessions', () => {
  it('end after their lifetime, and the expired ones leave the table with the next login', async () => {
    const db = await migratedDatabase()
    const { accounts, clock } = accountsOn(db)
    const first = await emailLogin(accounts, 'week@example.test')
    clock.advance(SESSION_LIFETIME_MS + 1)
    await expect(accounts.authenticate(first.session.token)).rejects.toThrow(AUTH_MESSAGES.noSession)
    const second = await accounts.signInIdentity({ key: 'sub-2', socialProvider: 'google' })
    await accounts.signInIdentity({ key: 'sub-2', socialProvider: 'google' })
    clock.advance(SESSION_LIFETIME_MS + 1)
    await accounts.signInIdentity({ key: 'sub-2', socialProvider: 'google' })
    const { rows } = await db.query<{ user_id: string }>('SELECT user_id FROM wallet_sessions')
    expect(rows.map((r) => r.user_id)).toEqual([second.user.id])
    await db.close()
  })
})

describe('a key export', () => {
  it('needs a fresh code to the proved email, gives keys that are the wallet, and is audited', async () => {
    const db = await migratedDatabase()
    const { accounts } = accountsOn(db)
    const { user } = await emailLogin(accounts, 'exports@example.test')
    // The session alone exports nothing.
    await expect(accounts.confirmExport(user, '123456', 'https://app.example')).rejects.toThrow(AUTH_MESSAGES.noExport)
    expect(await accounts.startExport(user, 'laptop')).toEqual({ kind: 'export-otp', email: 'exports@example.test', code: '123456' })
    await expect(accounts.confirmExport(user, '000000', 'https://app.example')).rejects.toMatchObject({ message: AUTH_MESSAGES.invalidCode, details: { attemptsLeft: 2 } })
    const keys = await accounts.confirmExport(user, '123456', 'https://app.example')
    expect(privateKeyToAccount(keys.evmPrivateKey).address).toBe(user.evmAddress)
    const secret = decodeBase58(keys.solanaSecretKey)
    expect(secret).toHaveLength(64)
    expect(Buffer.from(secret.subarray(32)).equals(Buffer.from(decodeBase58(user.solanaAddress)))).toBe(true)
    // Used once.
    await expect(accounts.confirmExport(user, '123456', 'https://app.example')).rejects.toThrow(AUTH_MESSAGES.noExport)
    const { rows } = await db.query<{ method: string; origin: string }>("SELECT method, origin FROM wallet_signatures WHERE method = 'export'")
    expect(rows).toEqual([{ method: 'export', origin: 'https://app.example' }])

    // A social identity without a proved email cannot get a code: it is refused in words.
    const social = await accounts.signInIdentity({ key: 'sub-9', socialProvider: 'github' })
    await expect(accounts.startExport(social.user, 'github')).rejects.toThrow(AUTH_MESSAGES.noExportEmail)
    await db.close()
  })
})

for (const engine of ENGINES) {
  describe(`on ${engine.name}`, () => {
    it('a restart keeps every user, session and wallet: the same token signs in, the same key signs', async () => {
      const durable = await engine.durable()
      let db = await durable.open()
      await migrate(db)
      const before = await emailLogin(accountsOn(db).accounts, 'restart@example.test')
      await db.close()

      db = await durable.open()
      await migrate(db)
      const { accounts, wallets } = accountsOn(db)
      const { user } = await accounts.authenticate(before.session.token)
      expect(user).toEqual(before.user)
      const signature = await wallets.signEvmMessage(user.id, 'after the restart', ORIGIN)
      expect(await verifyMessage({ address: before.user.evmAddress, message: 'after the restart', signature })).toBe(true)
      // The device stays known: a new login from it gets a code, not an approval link.
      expect((await accounts.startLogin('restart@example.test', 'laptop')).outgoing.kind).toBe('otp')
      await db.close()
      durable.remove()
    })
  })
}

describe('two replicas on one PostgreSQL', () => {
  it('serve the same user, use a code once, count attempts together and sign out everywhere together', async () => {
    const url = await freshPostgresUrl()
    const [dbA, dbB] = [await openPostgresDatabase(url), await openPostgresDatabase(url)]
    await migrate(dbA)
    const clock = new ManualClock(Date.parse('2026-12-06T12:00:00Z'))
    const [a, b] = [accountsOn(dbA, clock).accounts, accountsOn(dbB, clock).accounts]

    // A code mailed by one is checked by the other; given to both at once, it signs in once.
    await a.startLogin('two@example.test', 'laptop')
    const both = await Promise.allSettled([a.verifyCode('two@example.test', '123456', 'laptop'), b.verifyCode('two@example.test', '123456', 'laptop')])
    expect(both.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    const laptop = (both.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Awaited<ReturnType<AuthAccounts['verifyCode']>>>).value
    expect((await a.authenticate(laptop.session.token)).user.id).toBe(laptop.user.id)
    expect((await b.authenticate(laptop.session.token)).user.id).toBe(laptop.user.id)

    // Wrong codes tried on both count against one code: the third voids it.
    clock.advance(31_000)
    await b.startLogin('two@example.test', 'laptop')
    const wrong = await Promise.allSettled([a.verifyCode('two@example.test', '000001', 'laptop'), b.verifyCode('two@example.test', '000002', 'laptop')])
    expect(wrong.map((r) => (r.status === 'rejected' ? (r.reason as AuthError).details.attemptsLeft : 'signed in')).sort()).toEqual([1, 2])
    await expect(a.verifyCode('two@example.test', '000003', 'laptop')).rejects.toMatchObject({ message: AUTH_MESSAGES.tooManyAttempts })
    await expect(b.verifyCode('two@example.test', '123456', 'laptop')).rejects.toMatchObject({ message: AUTH_MESSAGES.noCode })

    // A second device (approved through its link on one replica), then sign out everywhere on the other.
    clock.advance(31_000)
    const { outgoing } = await a.startLogin('two@example.test', 'phone')
    if (outgoing.kind !== 'device') throw new Error(`a new device gets an approval link, not ${outgoing.kind}`)
    await b.approveDevice(outgoing.linkToken)
    const phone = await a.verifyCode('two@example.test', '123456', 'phone')
    expect(await b.signOutEverywhere(phone.user.id)).toBe(2)
    for (const replica of [a, b]) for (const token of [laptop.session.token, phone.session.token]) await expect(replica.authenticate(token)).rejects.toThrow(AUTH_MESSAGES.noSession)
    await dbA.close()
    await dbB.close()
  }, 60_000)
})

describe('a dump of the database', () => {
  it("taken with pg_dump holds no spelling of a user's key, and restored under a wrong KEK opens nothing", async () => {
    const source = await freshPostgresUrl()
    const db = await openPostgresDatabase(source)
    await migrate(db)
    const keys = kek()
    const { accounts, wallets } = accountsOn(db, undefined, keys)
    const { user } = await emailLogin(accounts, 'dumped@example.test')
    await wallets.signEvmMessage(user.id, 'before the dump', ORIGIN)
    // The key as the process holds it while it signs.
    const { rows } = await db.query<{ kek_id: string; wrapped_key: Uint8Array; sealed: Uint8Array }>('SELECT kek_id, wrapped_key, sealed FROM wallet_keys WHERE user_id = $1', [user.id])
    const secrets = await openUserKeys(user.id, { dataKey: { keyId: rows[0]!.kek_id, wrapped: new Uint8Array(rows[0]!.wrapped_key) }, sealed: new Uint8Array(rows[0]!.sealed) }, keys)
    await db.close()

    const bin = postgresBinaries() as string
    const plain = join(dir, 'plain.sql')
    const custom = join(dir, 'custom.dump')
    execFileSync(join(bin, 'pg_dump'), ['--format=plain', '--file', plain, source], { stdio: 'pipe' })
    execFileSync(join(bin, 'pg_dump'), ['--format=custom', '--compress=0', '--file', custom, source], { stdio: 'pipe' })
    // bytea is dumped as hex (\x...); a raw or base64 spelling is looked for too, in both formats.
    for (const file of [plain, custom]) {
      const dumped = readFileSync(file)
      const text = dumped.toString('latin1')
      expect(text).toContain(user.evmAddress.slice(2).toLowerCase())
      for (const secret of [secrets.evm, secrets.solanaSeed, parseKeks(KEK)[0]!.key]) {
        const bytes = Buffer.from(secret)
        expect(dumped.includes(bytes)).toBe(false)
        for (const spelling of [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('base64url')]) expect(text.includes(spelling)).toBe(false)
      }
    }

    const target = await freshPostgresUrl()
    execFileSync(join(bin, 'pg_restore'), ['--no-owner', '--dbname', target, custom], { stdio: 'pipe' })
    const restored = await openPostgresDatabase(target)
    const wrong = new WalletKeys(restored, kek(newKekEntry('k1')), new ManualClock())
    await expect(wrong.signEvmMessage(user.id, 'with a wrong KEK', ORIGIN)).rejects.toBeInstanceOf(KeyUnwrapError)
    // Under the right KEK the restored wallet signs as before.
    const right = new WalletKeys(restored, keys, new ManualClock())
    expect(await verifyMessage({ address: user.evmAddress, message: 'restored', signature: await right.signEvmMessage(user.id, 'restored', ORIGIN) })).toBe(true)
    await restored.close()
  }, 60_000)
})
