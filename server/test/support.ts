import { ManualClock } from '../src/clock.js'
import { DEFAULT_CONFIG, type ServerConfig } from '../src/config.js'
import type { Database } from '../src/db/database.js'
import { migrate } from '../src/db/migrations.js'
import { openPgliteDatabase } from '../src/db/pglite-database.js'
import { buildServer, type ServerParts } from '../src/app.js'
import { Projects } from '../src/projects.js'

/** A database with the server's schema: an in-memory PGlite unless `open` gives another. */
export async function migratedDatabase(open: () => Promise<Database> = () => openPgliteDatabase()): Promise<Database> {
  const db = await open()
  await migrate(db)
  return db
}

/** The server on `db` (migrated), with a project `wg-test` allowed from `https://app.example`. */
export async function serverWithProject(db: Database, config: Partial<ServerConfig> = {}, parts: Partial<Omit<ServerParts, 'config' | 'db' | 'clock'>> & { clock?: ManualClock } = {}) {
  const clock = parts.clock ?? new ManualClock()
  await new Projects(db, clock).add('wg-test', ['https://app.example'])
  const app = await buildServer({ ...parts, config: { ...DEFAULT_CONFIG, ...config }, db, clock })
  return { app, clock }
}

/** The query every call of the modal carries. */
export const SDK = 'st=walletgate&sv=walletgate-0.1.0'
