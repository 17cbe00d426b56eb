/**
 * The two engines the server runs on, for suites that must hold on both: PGlite in the process, and
 * a real PostgreSQL server (the run's cluster, a fresh database per call).
 */
import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import type { Database } from '../src/db/database.js'
import { openPgliteDatabase } from '../src/db/pglite-database.js'
import { openPostgresDatabase } from '../src/db/postgres-database.js'

export interface Engine {
  readonly name: 'pglite' | 'postgres'
  /** An empty database of this engine. */
  open(): Promise<Database>
}

/** A new, empty database on the run's PostgreSQL cluster; its URL. */
export async function freshPostgresUrl(): Promise<string> {
  const admin = await openPostgresDatabase(inject('postgresUrl'), { max: 1 })
  const name = `wg_${randomBytes(6).toString('hex')}`
  try {
    await admin.query(`CREATE DATABASE ${name}`)
  } finally {
    await admin.close()
  }
  return inject('postgresUrl').replace(/\/postgres$/, `/${name}`)
}

export const ENGINES: readonly Engine[] = [
  { name: 'pglite', open: () => openPgliteDatabase() },
  { name: 'postgres', open: async () => openPostgresDatabase(await freshPostgresUrl()) },
]
