/**
 * The two engines the server runs on, for suites that must hold on both: PGlite in the process, and
 * a real PostgreSQL server (the run's cluster, a fresh database per call).
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import type { Database } from '../src/db/database.js'
import { openPgliteDatabase } from '../src/db/pglite-database.js'
import { openPostgresDatabase } from '../src/db/postgres-database.js'

/** A database that outlives the process's connection to it: `open` connects to the same one again. */
export interface DurableDatabase {
  open(): Promise<Database>
  /** Deletes what is left of it (the embedded engine's folder); the server's database goes with the cluster. */
  remove(): void
}

export interface Engine {
  readonly name: 'pglite' | 'postgres'
  /** An empty database of this engine. */
  open(): Promise<Database>
  /** An empty database of this engine that a restart finds again: a data folder, or a database on the cluster. */
  durable(): Promise<DurableDatabase>
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
  {
    name: 'pglite',
    open: () => openPgliteDatabase(),
    durable: async () => {
      const dir = mkdtempSync(join(tmpdir(), 'wg-pglite-'))
      return { open: () => openPgliteDatabase(dir), remove: () => rmSync(dir, { recursive: true, force: true }) }
    },
  },
  {
    name: 'postgres',
    open: async () => openPostgresDatabase(await freshPostgresUrl()),
    durable: async () => {
      const url = await freshPostgresUrl()
      return { open: () => openPostgresDatabase(url), remove: () => undefined }
    },
  },
]
