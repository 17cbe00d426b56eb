/**
 * The rate limits' counters in the database, so every replica counts the same requests: fixed
 * windows of `timeWindow`, one row per key and window, counted up in one statement (an upsert), so
 * replicas counting at the same moment never lose a count.
 */
import type { RouteOptions } from 'fastify'
import type { Clock } from './clock.js'
import type { Queryable } from './db/database.js'

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void

export interface SharedCounters {
  /** Adds each tally's `count` to its key's window in one statement; each window's count now. */
  addAll(tallies: readonly { key: string; windowStart: number; count: number }[]): Promise<{ key: string; windowStart: number; count: number }[]>
  /** Deletes the windows that ended before `beforeMs`. */
  prune(beforeMs: number): Promise<number>
}

export function sharedCounters(db: Queryable): SharedCounters {
  return {
    async addAll(tallies) {
      if (tallies.length === 0) return []
      const { rows } = await db.query<{ key: string; window_start: string | number; count: number }>(
        `INSERT INTO rate_limits (key, window_start, count)
         SELECT * FROM unnest($1::text[], $2::bigint[], $3::integer[])
         ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + EXCLUDED.count
         RETURNING key, window_start, count`,
        [tallies.map((t) => t.key), tallies.map((t) => t.windowStart), tallies.map((t) => t.count)],
      )
      return rows.map((row) => ({ key: row.key, windowStart: Number(row.window_start), count: Number(row.count) }))
    },
    async prune(beforeMs) {
      const { rows } = await db.query('DELETE FROM rate_limits WHERE window_start < $1 RETURNING key', [beforeMs])
      return rows.length
    },
  }
}

/** How often a replica writes the requests it counted by itself (`RequestTallies`). */
export const TALLY_FLUSH_MS = 250
/** Clients a replica keeps tallies of; beyond it, those with nothing unwritten are let go (their next request asks the database). */
export const MAX_TALLIES = 10_000

interface Tally {
  windowStart: number
  /** The shared count as the database last answered it (this replica's writes and every other's). */
  known: number
  /** Requests counted here and not written yet. */
  pending: number
  /** Whether this replica asked the database about this window yet. */
  asked: boolean
}

/**
 * Request rate limits without a database write per request. A key's first request in a window on
 * this replica is counted in the database at once; after it, while the key's count is below half
 * its limit, this replica counts by itself and writes its tallies every TALLY_FLUSH_MS in one
 * statement, holding at most a tenth of the limit unwritten (one more request writes them at once).
 * From half the limit on, every request is counted in the database at once. A
 * visitor well below the limit costs no database round trip; what other replicas have not written
 * yet is at most a tenth of the limit each, so a client spread over N replicas gets at most
 * (N - 1) tenths of its limit more, and only within a burst shorter than TALLY_FLUSH_MS.
 */
export class RequestTallies {
  private readonly tallies = new Map<string, Tally>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private flushing: Promise<void> = Promise.resolve()

  constructor(
    private readonly counters: SharedCounters,
    private readonly clock: Clock,
  ) {}

  async count(key: string, timeWindow: number, max: number): Promise<{ current: number; ttl: number }> {
    const now = this.clock.now()
    const windowStart = Math.floor(now / timeWindow) * timeWindow
    const ttl = windowStart + timeWindow - now
    let tally = this.tallies.get(key)
    if (tally === undefined || tally.windowStart !== windowStart) {
      // Many clients asking once each (a scan of addresses) must not grow the map without end.
      if (tally === undefined && this.tallies.size >= MAX_TALLIES) this.letGo()
      tally = { windowStart, known: 0, pending: 0, asked: false }
      this.tallies.set(key, tally)
    }
    if (tally.asked && (tally.known + tally.pending + 1) * 2 <= max && (tally.pending + 1) * 10 <= max) {
      tally.pending += 1
      this.schedule()
      return { current: tally.known + tally.pending, ttl }
    }
    // Exactly, with what this replica had not written yet.
    const count = tally.pending + 1
    tally.pending = 0
    tally.asked = true
    try {
      const [row] = await this.counters.addAll([{ key, windowStart, count }])
      tally.known = Math.max(tally.known, row?.count ?? count)
    } catch (error) {
      tally.pending += count - 1
      throw error
    }
    return { current: tally.known + tally.pending, ttl }
  }

  /** How many clients this replica keeps tallies of. */
  get size(): number {
    return this.tallies.size
  }

  /** Drops the tallies with nothing unwritten: what they knew, the database holds. */
  private letGo(): void {
    for (const [key, tally] of this.tallies) if (tally.pending === 0) this.tallies.delete(key)
  }

  /** Writes every pending tally now (also when the server closes). */
  flush(): Promise<void> {
    if (this.timer !== undefined) clearTimeout(this.timer)
    this.timer = undefined
    this.flushing = this.flushing.then(() => this.write())
    return this.flushing
  }

  private schedule(): void {
    if (this.timer !== undefined) return
    this.timer = setTimeout(() => void this.flush(), TALLY_FLUSH_MS)
    this.timer.unref()
  }

  private async write(): Promise<void> {
    const now = this.clock.now()
    const batch: { key: string; windowStart: number; count: number }[] = []
    for (const [key, tally] of this.tallies) {
      if (tally.pending > 0) {
        batch.push({ key, windowStart: tally.windowStart, count: tally.pending })
        tally.pending = 0
      } else if (now - tally.windowStart > 2 * 60_000) {
        // A window long over, all written: nothing to keep.
        this.tallies.delete(key)
      }
    }
    try {
      for (const row of await this.counters.addAll(batch)) {
        const tally = this.tallies.get(row.key)
        if (tally?.windowStart === row.windowStart) tally.known = Math.max(tally.known, row.count)
      }
    } catch {
      // The database did not count them: they stay pending for the next write.
      for (const { key, windowStart, count } of batch) {
        const tally = this.tallies.get(key)
        if (tally?.windowStart === windowStart) tally.pending += count
      }
      this.schedule()
    }
  }
}

/** @fastify/rate-limit's store over a replica's request tallies (the plugin constructs it, and a child per route). */
export function sharedRateLimitStore(tallies: RequestTallies) {
  return class SharedRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      tallies.count(key, timeWindow, max).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      )
    }
    child(_routeOptions: RouteOptions & { path: string; prefix: string }): SharedRateLimitStore {
      return new SharedRateLimitStore()
    }
  }
}
