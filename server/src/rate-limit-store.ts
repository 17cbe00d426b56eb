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
  /** Counts one request of `key` in the window that holds now; the count so far and the ms left. */
  count(key: string, timeWindow: number): Promise<{ current: number; ttl: number }>
  /** Deletes the windows that ended before `beforeMs`. */
  prune(beforeMs: number): Promise<number>
}

export function sharedCounters(db: Queryable, clock: Clock): SharedCounters {
  return {
    async count(key, timeWindow) {
      const now = clock.now()
      const windowStart = Math.floor(now / timeWindow) * timeWindow
      const { rows } = await db.query<{ count: number }>(
        `INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1)
         ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1
         RETURNING count`,
        [key, windowStart],
      )
      return { current: Number(rows[0]?.count ?? 1), ttl: windowStart + timeWindow - now }
    },
    async prune(beforeMs) {
      const { rows } = await db.query('DELETE FROM rate_limits WHERE window_start < $1 RETURNING key', [beforeMs])
      return rows.length
    },
  }
}

/** @fastify/rate-limit's store over the shared counters (the plugin constructs it). */
export function sharedRateLimitStore(counters: SharedCounters) {
  return class SharedRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number): void {
      counters.count(key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      )
    }
    child(_routeOptions: RouteOptions & { path: string; prefix: string }): SharedRateLimitStore {
      return new SharedRateLimitStore()
    }
  }
}
