/**
 * What a social or Farcaster login holds between its steps, on both engines: found again by the
 * value handed out, gone once taken or expired, never stored as that value; and on one PostgreSQL
 * shared by two replicas, a ticket taken by both at once is taken by one.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/clock.js'
import type { Database } from '../../src/db/database.js'
import { migrate } from '../../src/db/migrations.js'
import { openPostgresDatabase } from '../../src/db/postgres-database.js'
import { InMemoryOneTimeValues, OneTimeValues, type OneTimeStore } from '../../src/wallet/login/one-time-values.js'
import { ENGINES, freshPostgresUrl } from '../engines.js'
import { migratedDatabase } from '../support.js'

const open: Database[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((db) => db.close()))
})

/** The store in the process and on each engine, held to one suite. */
const KINDS: readonly { name: string; open(now: () => number): Promise<{ store: OneTimeStore; db?: Database }> }[] = [
  { name: 'the process', open: async (now) => ({ store: new InMemoryOneTimeValues(now) }) },
  ...ENGINES.map((engine) => ({
    name: engine.name,
    open: async (now: () => number) => {
      const db = await engine.open()
      open.push(db)
      await migrate(db)
      return { store: new OneTimeValues(db, now), db }
    },
  })),
]

for (const kind of KINDS) {
  describe(`one-time values in ${kind.name}`, () => {
    it('a value is read back by its key, taken once, gone at its expiry, and stored only as a hash of its key', async () => {
      const clock = new ManualClock(Date.parse('2026-12-07T12:00:00Z'))
      const { store: values, db } = await kind.open(() => clock.now())
      await values.put('social-ticket', 'ticket-secret-1', { identity: { key: 'google sub-1' }, binding: 'aGFzaA==' }, 60_000)
      expect(await values.peek('social-ticket', 'ticket-secret-1')).toEqual({ identity: { key: 'google sub-1' }, binding: 'aGFzaA==' })
      // Another kind, another key: nothing.
      expect(await values.peek('social-flow', 'ticket-secret-1')).toBeUndefined()
      expect(await values.take('social-ticket', 'ticket-secret-2')).toBeUndefined()
      expect(await values.take('social-ticket', 'ticket-secret-1')).toEqual({ identity: { key: 'google sub-1' }, binding: 'aGFzaA==' })
      expect(await values.take('social-ticket', 'ticket-secret-1')).toBeUndefined()

      await values.put('farcaster-channel', 'channel-1', { nonce: 'n', domain: 'd' }, 60_000)
      if (db !== undefined) {
        const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM wallet_one_time')
        expect(JSON.stringify(rows)).not.toContain('channel-1')
      }
      clock.advance(60_001)
      expect(await values.peek('farcaster-channel', 'channel-1')).toBeUndefined()
      expect(await values.take('farcaster-channel', 'channel-1')).toBeUndefined()
      await values.put('social-flow', 'state-1', { nonce: 'n' }, 60_000)
      expect(await values.sweep()).toBe(0)
      clock.advance(60_001)
      expect(await values.sweep()).toBe(1)
    })
  })
}

describe('one-time values on one PostgreSQL, two replicas', () => {
  it('a flow started on one is found by the other; a ticket both take at once goes to one', async () => {
    const url = await freshPostgresUrl()
    const [dbA, dbB] = [await openPostgresDatabase(url), await openPostgresDatabase(url)]
    open.push(dbA, dbB)
    await migrate(dbA)
    const now = () => Date.parse('2026-12-07T12:00:00Z')
    const [a, b] = [new OneTimeValues(dbA, now), new OneTimeValues(dbB, now)]
    await a.put('social-flow', 'state-x', { provider: 'google', nonce: 'n1' }, 600_000)
    expect(await b.take('social-flow', 'state-x')).toEqual({ provider: 'google', nonce: 'n1' })
    for (let i = 0; i < 20; i++) {
      await a.put('social-ticket', `t-${i}`, { identity: { key: `k${i}` }, binding: 'b' }, 60_000)
      const both = await Promise.all([a.take('social-ticket', `t-${i}`), b.take('social-ticket', `t-${i}`)])
      expect(both.filter((v) => v !== undefined)).toHaveLength(1)
    }
  })
})

describe('one-time values nobody takes', () => {
  it('are cleared as new ones are handed out, at most once a minute', async () => {
    const clock = new ManualClock(Date.parse('2026-12-07T12:00:00Z'))
    const db = await migratedDatabase()
    open.push(db)
    const values = new OneTimeValues(db, () => clock.now())
    const count = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM wallet_one_time')).rows[0]!.n)
    for (let i = 0; i < 50; i++) await values.put('passkey-login', `challenge-${i}`, { issued: true }, 5 * 60_000)
    expect(await count()).toBe(50)
    // Five minutes on they are dead; the next one handed out a minute after the last sweep clears them.
    clock.advance(5 * 60_000 + 1)
    await values.put('passkey-login', 'fresh', { issued: true }, 5 * 60_000)
    expect(await count()).toBe(1)
    expect(await values.take('passkey-login', 'fresh')).toEqual({ issued: true })
  })
})
