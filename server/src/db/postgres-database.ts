/** A PostgreSQL server through a pool of `pg` connections (production, and the tests' real server). */
import pg from 'pg'
import type { Database, Queryable } from './database.js'

export async function openPostgresDatabase(connectionString: string, options: { max?: number } = {}): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 })
  // A dropped connection in the pool is not the process's end: the next query takes another.
  pool.on('error', () => undefined)
  const client = await pool.connect()
  client.release()
  const on = (client: pg.PoolClient): Queryable => ({
    query: async <Row>(text: string, params?: readonly unknown[]) => ({ rows: (await client.query(text, params === undefined ? undefined : [...params])).rows as Row[] }),
    exec: async (sql) => {
      await client.query(sql)
    },
  })
  return {
    engine: 'postgres',
    query: async <Row>(text: string, params?: readonly unknown[]) => ({ rows: (await pool.query(text, params === undefined ? undefined : [...params])).rows as Row[] }),
    exec: async (sql) => {
      await pool.query(sql)
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
