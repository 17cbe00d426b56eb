/**
 * Embedded wallets' keys in the database (PGlite here; the same SQL runs on PostgreSQL): made
 * sealed, opened only to sign, every signature audited; the database holds no spelling of a key;
 * a KEK rotation re-wraps every record while two replicas sign in a loop, none failing (in one
 * process on PGlite, and on two connection pools of one PostgreSQL).
 */
import { createPublicKey, verify } from 'node:crypto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { verifyMessage } from 'viem'
import { decodeBase58 } from '../../src/base58.js'
import { ManualClock } from '../../src/clock.js'
import type { Database } from '../../src/db/database.js'
import { KeyUnwrapError, LocalKeyEncryption, newKekEntry, openUserKeys, parseKeks } from '../../src/wallet/key-encryption.js'
import { NoWalletError, WalletKeys } from '../../src/wallet/wallet-keys.js'
import { migrate } from '../../src/db/migrations.js'
import { openPostgresDatabase } from '../../src/db/postgres-database.js'
import { freshPostgresUrl } from '../engines.js'
import { migratedDatabase } from '../support.js'

const K1 = newKekEntry('k1')
const K2 = newKekEntry('k2')
const keks = (...entries: string[]) => new LocalKeyEncryption(parseKeks(entries.join(',')))
const ORIGIN = { origin: 'https://app.example' }

let db: Database
const clock = new ManualClock(Date.parse('2026-12-06T12:00:00Z'))
beforeEach(async () => {
  db = await migratedDatabase()
})
afterEach(async () => {
  await db.close()
})

/** Everything the database holds, as a dump would write it (bytea as hex and as raw bytes). */
async function dump(): Promise<string> {
  const out: string[] = []
  for (const table of ['wallet_keys', 'wallet_signatures']) {
    const { rows } = await db.query<Record<string, unknown>>(`SELECT * FROM ${table}`)
    for (const row of rows) {
      for (const value of Object.values(row)) {
        if (value instanceof Uint8Array) out.push(Buffer.from(value).toString('hex'), Buffer.from(value).toString('latin1'), Buffer.from(value).toString('base64'))
        else out.push(String(value))
      }
    }
  }
  return out.join('\n')
}

describe('WalletKeys', () => {
  it("makes a user's wallet once, signs EVM and Solana messages that verify, and audits each", async () => {
    const keys = new WalletKeys(db, keks(K1), clock)
    const made = await keys.create('user-1')
    expect(await keys.create('user-1')).toEqual(made)
    expect(made.evm).toMatch(/^0x[0-9a-fA-F]{40}$/)

    const signature = await keys.signEvmMessage('user-1', 'Sign in to app.example\nNonce: 1', ORIGIN)
    expect(await verifyMessage({ address: made.evm, message: 'Sign in to app.example\nNonce: 1', signature })).toBe(true)

    const message = new TextEncoder().encode('hello solana')
    const ed = await keys.signSolanaMessage('user-1', message, ORIGIN)
    const publicKey = createPublicKey({ key: Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), decodeBase58(made.solana)]), format: 'der', type: 'spki' })
    expect(verify(null, message, publicKey, ed)).toBe(true)

    const { rows } = await db.query<{ user_id: string; method: string; summary: string; origin: string }>('SELECT user_id, method, summary, origin FROM wallet_signatures ORDER BY id')
    expect(rows).toEqual([
      { user_id: 'user-1', method: 'personal_sign', summary: 'personal_sign: Sign in to app.example Nonce: 1', origin: 'https://app.example' },
      { user_id: 'user-1', method: 'solana_signMessage', summary: 'solana_signMessage: hello solana', origin: 'https://app.example' },
    ])
  })

  it('keeps no spelling of a key in the database, and with a wrong KEK opens nothing and signs nothing', async () => {
    const kek = keks(K1)
    const keys = new WalletKeys(db, kek, clock)
    await keys.create('user-1')
    await keys.signEvmMessage('user-1', 'x', ORIGIN)
    // The keys as the process holds them while it signs.
    const { rows } = await db.query<{ kek_id: string; wrapped_key: Uint8Array; sealed: Uint8Array }>('SELECT kek_id, wrapped_key, sealed FROM wallet_keys')
    const secrets = await openUserKeys('user-1', { dataKey: { keyId: rows[0]!.kek_id, wrapped: new Uint8Array(rows[0]!.wrapped_key) }, sealed: new Uint8Array(rows[0]!.sealed) }, kek)
    const text = await dump()
    for (const secret of [secrets.evm, secrets.solanaSeed, parseKeks(K1)[0]!.key]) {
      const bytes = Buffer.from(secret)
      for (const spelling of [bytes.toString('hex'), bytes.toString('base64'), bytes.toString('latin1')]) expect(text.includes(spelling)).toBe(false)
    }
    const wrong = new WalletKeys(db, keks(newKekEntry('k1')), clock)
    await expect(wrong.signEvmMessage('user-1', 'y', ORIGIN)).rejects.toBeInstanceOf(KeyUnwrapError)
    expect((await db.query('SELECT 1 FROM wallet_signatures')).rows).toHaveLength(1)
    await expect(keys.signEvmMessage('nobody', 'z', ORIGIN)).rejects.toBeInstanceOf(NoWalletError)
  })

  it('re-wraps every record under a new KEK while two replicas sign in a loop: no signature fails', async () => {
    await rotationWhileSigning(db, db)
  })
})

describe('WalletKeys on PostgreSQL', () => {
  it('re-wraps every record while two replicas, each on connections of its own, sign in a loop: no signature fails', async () => {
    const url = await freshPostgresUrl()
    const [a, b] = [await openPostgresDatabase(url), await openPostgresDatabase(url)]
    try {
      await migrate(a)
      await rotationWhileSigning(a, b)
    } finally {
      await a.close()
      await b.close()
    }
  }, 60_000)
})

/** Two replicas (on `dbA` and `dbB`, which may be one database) sign in a loop while the first re-wraps every record. */
async function rotationWhileSigning(dbA: Database, dbB: Database): Promise<void> {
  const before = new WalletKeys(dbA, keks(K1), clock)
  const users = Array.from({ length: 30 }, (_, i) => `user-${i}`)
  const addresses = new Map<string, `0x${string}`>()
  for (const user of users) addresses.set(user, (await before.create(user)).evm)

  // The rotation: every replica holds the new KEK (current) and the old one.
  const replicas = [new WalletKeys(dbA, keks(K2, K1), clock), new WalletKeys(dbB, keks(K2, K1), clock)]
  let rotating = true
  const failures: unknown[] = []
  let signed = 0
  const loops = replicas.map(async (replica, r) => {
    for (let i = 0; rotating || i < users.length; i++) {
      const user = users[(i * 7 + r) % users.length]!
      try {
        const signature = await replica.signEvmMessage(user, `loop ${r} ${i}`, ORIGIN)
        if (!(await verifyMessage({ address: addresses.get(user)!, message: `loop ${r} ${i}`, signature }))) failures.push(`${user}: bad signature`)
        signed++
      } catch (error) {
        failures.push(error)
      }
    }
  })
  const rewrapped = await replicas[0]!.rewrapAll({ batchSize: 7 })
  rotating = false
  await Promise.all(loops)
  expect(failures).toEqual([])
  expect(signed).toBeGreaterThanOrEqual(2 * users.length)
  expect(rewrapped).toBe(users.length)
  expect(await replicas[1]!.recordsByKek()).toEqual(new Map([['k2', users.length]]))

  // The old KEK can go: every wallet signs with the new one alone.
  const after = new WalletKeys(dbB, keks(K2), clock)
  for (const user of users) expect(await verifyMessage({ address: addresses.get(user)!, message: 'after', signature: await after.signEvmMessage(user, 'after', ORIGIN) })).toBe(true)
}
