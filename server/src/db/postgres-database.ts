/** A PostgreSQL server through a pool of `pg` connections (production, and the tests' real server). */
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import type { Database, Queryable } from './database.js'

/** How long a single statement waits for the server to come back (a restart, a fail-over). */
export const RECONNECT_WAIT_MS = 10_000

/**
 * Failures that say the statement never ran: no connection could be made (refused, timed out, the
 * server starting up: 57P03), or the server ended the session before running it (a shutdown or an
 * administrator: 57P01, 57P02; a fast shutdown rolls back whatever was running). A connection that
 * merely broke (a reset, "Connection terminated unexpectedly") may have broken after a commit, so
 * such a statement is not sent again: its failure is the caller's to see.
 */
function neverRan(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown }
  if (e.code === 'ECONNREFUSED' || e.code === '57P01' || e.code === '57P02' || e.code === '57P03') return true
  return e.message === 'Connection terminated due to connection timeout'
}

export async function openPostgresDatabase(connectionString: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 })
  // A dropped connection in the pool is not the process's end: the next query takes another.
  pool.on('error', () => undefined)
  // Nor is one dropped while checked out between queries (a session, a transaction): its next query fails, and release() discards it.
  pool.on('connect', (client) => client.on('error', () => undefined))
  const client = await pool.connect()
  client.release()
  const on = (client: pg.PoolClient): Queryable => ({
    query: async <Row>(text: string, params?: readonly unknown[]) => ({ rows: (await client.query(text, params === undefined ? undefined : [...params])).rows as Row[] }),
    exec: async (sql) => {
      await client.query(sql)
    },
  })
  /**
   * One statement on the pool; while the server is away (a restart) it is sent again, 100 ms, then
   * up to 1 s apart, for RECONNECT_WAIT_MS, so a request waits out a restart instead of failing.
   * Statements inside a transaction or a session are never sent again (their connection is gone).
   */
  const statement = async (text: string, params?: readonly unknown[]): Promise<pg.QueryResult> => {
    const started = Date.now()
    for (let wait = 100; ; wait = Math.min(wait * 2, 1_000)) {
      try {
        return await pool.query(text, params === undefined ? undefined : [...params])
      } catch (error) {
        if (!neverRan(error) || Date.now() - started + wait > RECONNECT_WAIT_MS) throw error
        await sleep(wait)
      }
    }
  }
  return {
    engine: 'postgres',
    query: async <Row>(text: string, params?: readonly unknown[]) => ({ rows: (await statement(text, params)).rows as Row[] }),
    exec: async (sql) => {
      await statement(sql)
    },
    async transaction(work) {
      const client = await pool.connect()
      try {
        await client.query('BEGIN')
        const result = await work(on(client))
        await client.query('COMMIT')
        return result
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined)
        throw error
      } finally {
        client.release()
      }
    },
    async session(work) {
      const client = await pool.connect()
      try {
        return await work(on(client))
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
