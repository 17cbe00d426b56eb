/**
 * The login rules' stores, in the process and in the database, held to one suite: the code policy
 * (cooldown, locks per email doubling, wrong codes per client, mails per day) over each, and what
 * several replicas rely on (a code used once, an attempt spent once, a user's sessions ended
 * together, no session token stored).
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/db/database.js'
import { CODE_LIMITS, CodePolicy } from '../../src/wallet/login/code-policy.js'
import { codesEqual } from '../../src/wallet/login/codes-equal.js'
import { inMemoryLoginStores } from '../../src/wallet/login/memory-stores.js'
import { pgLoginStores } from '../../src/wallet/login/pg-stores.js'
import type { LoginStores } from '../../src/wallet/login/stores.js'
import { migratedDatabase } from '../support.js'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

// One database for the file (a migrated PGlite takes seconds), emptied for each world.
let shared: Promise<Database> | undefined
afterAll(async () => {
  await (await shared)?.close()
})

const KINDS: readonly { name: string; stores(now: () => number): Promise<{ stores: LoginStores; db?: Database }> }[] = [
  { name: 'in-memory', stores: async () => ({ stores: inMemoryLoginStores() }) },
  {
    name: 'database',
    stores: async (now) => {
      shared ??= migratedDatabase()
      const db = await shared
      await db.exec('TRUNCATE wallet_codes, wallet_code_sent, wallet_attempts, wallet_locks, wallet_sessions')
      return { stores: pgLoginStores(db, now), db }
    },
  },
]

for (const kind of KINDS) {
  const world = async () => {
    const clock = { t: 1_700_000_000_000, now() { return this.t } }
    const { stores, db } = await kind.stores(() => clock.t)
    const policy = new CodePolicy(stores.attempts, stores.codes, clock)
    return { clock, codes: stores.codes, sessions: stores.sessions, policy, db }
  }

  describe('the code policy', async () => {
    it('keeps the 30 s cooldown of a key after its code is gone', async () => {
      const { clock, codes, policy } = await world()
      await policy.sent('a@x.io', 'a@x.io')
      await codes.put('a@x.io', { code: '123456', recipient: 'a@x.io', deviceId: 'd', expiresAt: clock.t + 10 * MINUTE, attemptsLeft: 3 })
      await codes.delete('a@x.io')
      clock.t += 10_000
      expect(await policy.sendWait('a@x.io', 'a@x.io')).toBe(20)
      expect(await policy.sendWait('a@x.io', 'a@x.io', { skipCooldown: true })).toBe(0)
      clock.t += 20_000
      expect(await policy.sendWait('a@x.io', 'a@x.io')).toBe(0)
    })

    it('ends the cooldown of a key whose code was entered right', async () => {
      const { policy } = await world()
      await policy.sent('a@x.io', 'a@x.io')
      expect(await policy.sendWait('a@x.io', 'a@x.io')).toBe(30)
      await policy.used('a@x.io')
      expect(await policy.sendWait('a@x.io', 'a@x.io')).toBe(0)
    })

    it('locks an email after 5 wrong codes in 15 minutes, from any clients, for 15 minutes, then 30, then 60', async () => {
      const { clock, policy } = await world()
      const fiveWrong = async () => {
        for (let i = 0; i < 5; i++) {
          expect(await policy.checkWait('a@x.io', `10.0.0.${i}`)).toBe(0)
          await policy.wrong('a@x.io', `10.0.0.${i}`)
          clock.t += MINUTE
        }
        clock.t -= MINUTE
      }
      await fiveWrong()
      expect(await policy.checkWait('a@x.io', '10.9.9.9')).toBe(15 * 60)
      expect(await policy.sendWait('k', 'a@x.io')).toBe(15 * 60)
      expect(await policy.checkWait('b@x.io', '10.9.9.9')).toBe(0)
      clock.t += 15 * MINUTE
      expect(await policy.checkWait('a@x.io', '10.9.9.9')).toBe(0)
      await fiveWrong()
      expect(await policy.checkWait('a@x.io', '10.9.9.9')).toBe(30 * 60)
      clock.t += 30 * MINUTE
      await fiveWrong()
      expect(await policy.checkWait('a@x.io', '10.9.9.9')).toBe(60 * 60)
    })

    it('does not lock for 5 wrong codes spread over more than 15 minutes, and forgets doubling a day after a lock', async () => {
      const { clock, policy } = await world()
      for (let i = 0; i < 10; i++) {
        await policy.wrong('a@x.io', 'c')
        clock.t += 4 * MINUTE
      }
      expect(await policy.checkWait('a@x.io', 'c')).toBe(0)
      for (let i = 0; i < 5; i++) await policy.wrong('a@x.io', 'c')
      expect(await policy.checkWait('a@x.io', 'c')).toBe(15 * 60)
      clock.t += 15 * MINUTE + CODE_LIMITS.lockMemoryMs
      for (let i = 0; i < 5; i++) await policy.wrong('a@x.io', 'c')
      expect(await policy.checkWait('a@x.io', 'c')).toBe(15 * 60)
    })

    it('refuses a client its 21st wrong code in an hour, whatever the emails, until its oldest is an hour old', async () => {
      const { clock, policy } = await world()
      for (let i = 0; i < 20; i++) {
        expect(await policy.checkWait(`user${i}@x.io`, '10.0.0.1')).toBe(0)
        await policy.wrong(`user${i}@x.io`, '10.0.0.1')
        clock.t += MINUTE
      }
      expect(await policy.checkWait('other@x.io', '10.0.0.1')).toBe(40 * 60)
      expect(await policy.checkWait('other@x.io', '10.0.0.2')).toBe(0)
      clock.t += 40 * MINUTE
      expect(await policy.checkWait('other@x.io', '10.0.0.1')).toBe(0)
    })

    it('mails an email at most 10 codes a day, whichever keys they were under', async () => {
      const { clock, policy } = await world()
      for (let i = 0; i < 10; i++) {
        expect(await policy.sendWait(`key${i % 3}`, 'a@x.io')).toBe(0)
        await policy.sent(`key${i % 3}`, 'a@x.io')
        clock.t += HOUR
      }
      expect(await policy.sendWait('new-key', 'a@x.io')).toBe(14 * 60 * 60)
      expect(await policy.sendWait('new-key', 'b@x.io')).toBe(0)
      clock.t += 14 * HOUR
      expect(await policy.sendWait('new-key', 'a@x.io')).toBe(0)
    })
  })

  describe(`the ${kind.name} stores`, () => {
    it('use a right code once, spend attempts one by one down to none, and keep the cooldown after the code', async () => {
      const { codes, clock } = await world()
      const pending = { code: '123456', recipient: 'a@x.io', deviceId: 'd', expiresAt: clock.t + 10 * MINUTE, attemptsLeft: 3 }
      await codes.put('a@x.io', pending)
      await codes.setLastSent('a@x.io', clock.t)
      expect(await codes.get('a@x.io')).toEqual(pending)
      expect(await codes.use('a@x.io', '654321')).toBe(false)
      expect(await Promise.all([codes.use('a@x.io', '123456'), codes.use('a@x.io', '123456')])).toEqual([true, false])
      expect(await codes.get('a@x.io')).toBeUndefined()
      expect(await codes.lastSent('a@x.io')).toBe(clock.t)
      await codes.forgetLastSent('a@x.io')
      expect(await codes.lastSent('a@x.io')).toBeUndefined()

      await codes.put('b@x.io', { ...pending, attemptsLeft: 2 })
      expect(await codes.spendAttempt('b@x.io')).toBe(1)
      expect(await codes.spendAttempt('b@x.io')).toBe(0)
      expect(await codes.get('b@x.io')).toBeUndefined()
      expect(await codes.spendAttempt('b@x.io')).toBeUndefined()
    })

    it('find a session by its token until it is ended, and end every session of one user and no other', async () => {
      const { sessions, db } = await world()
      const session = (token: string, userId: string) => ({ token, userId, deviceId: 'laptop', expiresAt: 1_800_000_000_000 })
      await sessions.set(session('t1', 'u1'))
      await sessions.set(session('t2', 'u1'))
      await sessions.set({ ...session('t3', 'u2'), app: 'wg-test https://app.example' })
      expect(await sessions.get('t3')).toEqual({ ...session('t3', 'u2'), app: 'wg-test https://app.example' })
      expect(await sessions.deleteForUser('u1')).toBe(2)
      expect([await sessions.get('t1'), await sessions.get('t2'), (await sessions.get('t3'))?.token]).toEqual([undefined, undefined, 't3'])
      await sessions.delete('t3')
      expect(await sessions.get('t3')).toBeUndefined()
      if (db !== undefined) {
        // The database keeps a hash of each token: a copy of it signs nobody in.
        await sessions.set(session('a-token-nobody-may-read', 'u3'))
        const { rows } = await db.query<Record<string, unknown>>('SELECT * FROM wallet_sessions')
        expect(JSON.stringify(rows.map((row) => Object.values(row).map((v) => (v instanceof Uint8Array ? Buffer.from(v).toString('latin1') : String(v)))))).not.toContain('a-token-nobody-may-read')
      }
    })
  })
}

describe('codes', () => {
  it('compare exactly, whatever their lengths, a typed one trimmed', () => {
    expect(codesEqual(' 123456 ', '123456')).toBe(true)
    expect(codesEqual('123457', '123456')).toBe(false)
    expect(codesEqual('1234567', '123456')).toBe(false)
    expect(codesEqual('', '123456')).toBe(false)
  })
})
