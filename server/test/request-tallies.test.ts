import { describe, expect, it } from 'vitest'
import { ManualClock } from '../src/clock.js'
import type { Database } from '../src/db/database.js'
import { MAX_TALLIES, RequestTallies, sharedCounters, type SharedCounters } from '../src/rate-limit-store.js'
import { migratedDatabase } from './support.js'

/** The shared counters, with the statements they send counted. */
function countedCounters(db: Database): { counters: SharedCounters; statements: () => number } {
  const inner = sharedCounters(db)
  let statements = 0
  return {
    counters: {
      ...inner,
      addAll: (tallies) => {
        if (tallies.length > 0) statements += 1
        return inner.addAll(tallies)
      },
    },
    statements: () => statements,
  }
}

async function stored(db: Database, key: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>('SELECT coalesce(sum(count), 0)::int AS count FROM rate_limits WHERE key = $1', [key])
  return Number(rows[0]?.count ?? 0)
}

describe('request tallies (rate limits without a database write per request)', () => {
  it('count a client far from its limit in the replica, and write the tally in one statement', async () => {
    const db = await migratedDatabase()
    const clock = new ManualClock(1_000_000)
    const { counters, statements } = countedCounters(db)
    const tallies = new RequestTallies(counters, clock)
    const answers = []
    for (let i = 0; i < 40; i++) answers.push(await tallies.count('p|1.2.3.4', 60_000, 600))
    expect(answers.map((a) => a.current)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1))
    // The first request asked the database; the other 39 did not.
    expect(statements()).toBe(1)
    await tallies.flush()
    expect(statements()).toBe(2)
    expect(await stored(db, 'p|1.2.3.4')).toBe(40)
    await db.close()
  })

  it('let a burst spread over two replicas past its limit by at most a tenth of it', async () => {
    const db = await migratedDatabase()
    const clock = new ManualClock(1_000_000)
    const replicas = [new RequestTallies(sharedCounters(db), clock), new RequestTallies(sharedCounters(db), clock)]
    // Limit 100, no time passing (no timer writes): the first request a replica answers over the limit.
    let sent = 0
    for (;;) {
      sent += 1
      if ((await replicas[sent % 2]!.count('k', 60_000, 100)).current > 100) break
    }
    expect(sent).toBeGreaterThan(100)
    expect(sent).toBeLessThanOrEqual(110)
    for (const replica of replicas) await replica.flush()
    expect(await stored(db, 'k')).toBe(sent)
    await db.close()
  })

  it('start again in the next window and keep what the database could not take for the next write', async () => {
    const db = await migratedDatabase()
    const clock = new ManualClock(1_000_000)
    const inner = sharedCounters(db)
    let down = false
    const tallies = new RequestTallies({ ...inner, addAll: (t) => (down ? Promise.reject(new Error('database gone')) : inner.addAll(t)) }, clock)
    for (let i = 0; i < 5; i++) await tallies.count('w', 60_000, 100)
    down = true
    await tallies.flush()
    down = false
    await tallies.flush()
    expect(await stored(db, 'w')).toBe(5)
    clock.advance(60_000)
    expect((await tallies.count('w', 60_000, 100)).current).toBe(1)
    await db.close()
  })

  it('keep no more than MAX_TALLIES clients: a scan of addresses asking once each does not grow the replica', async () => {
    const clock = new ManualClock(1_000_000)
    const counters: SharedCounters = { addAll: async (tallies) => tallies.map((t) => ({ ...t })), prune: async () => 0 }
    const tallies = new RequestTallies(counters, clock)
    for (let i = 0; i < MAX_TALLIES * 2 + 5; i++) await tallies.count(`p|10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`, 60_000, 600)
    expect(tallies.size).toBeLessThanOrEqual(MAX_TALLIES)
  })
})
