/**
 * PostgreSQL in WebAssembly, in this process (PGlite): the embedded default, so a newcomer needs
 * nothing installed. Data lives in `dataDir` (in memory when none is given). One connection, so
 * queries run one at a time in order.
 */
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { Database, Queryable } from './database.js'

export class DatabaseInUseError extends Error {
  override readonly name = 'DatabaseInUseError'
  readonly code = 'DATABASE_IN_USE'
}

/**
 * One process at a time may open an embedded database's folder (PGlite is not made for two, and the
 * second would not see the first's writes): a lock file names the process that has it. A lock left
 * by a process that is gone is taken over.
 */
function lockFolder(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true })
  const lock = join(dataDir, 'walletgate-server.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lock, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      return () => rmSync(lock, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const holder = Number(readFileSync(lock, 'utf8'))
      if (Number.isInteger(holder) && holder > 0 && alive(holder)) {
        throw new DatabaseInUseError(
          `the embedded database in ${dataDir} is open in process ${holder} (a running server?): stop it first, or use PostgreSQL (DATABASE_URL) for several processes`,
        )
      }
      rmSync(lock, { force: true })
    }
  }
  throw new DatabaseInUseError(`could not lock the embedded database in ${dataDir}`)
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

export async function openPgliteDatabase(dataDir?: string): Promise<Database> {
  const unlock = dataDir === undefined ? () => undefined : lockFolder(dataDir)
  let db: PGlite
  try {
    db = dataDir === undefined ? new PGlite() : new PGlite(dataDir)
    await db.waitReady
  } catch (error) {
    unlock()
    throw error
  }
  // One connection: a transaction must not interleave with other queries, so they queue behind it.
  let queue: Promise<unknown> = Promise.resolve()
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work)
    queue = run.catch(() => undefined)
    return run
  }
  const direct: Queryable = {
    query: async <Row>(text: string, params?: readonly unknown[]) => {
      const result = await db.query<Row>(text, params === undefined ? undefined : [...params])
      return { rows: result.rows }
    },
    exec: async (sql) => {
      await db.exec(sql)
    },
  }
  return {
    engine: 'pglite',
    query: (text, params) => exclusive(() => direct.query(text, params)),
    exec: (sql) => exclusive(() => direct.exec(sql)),
    transaction: (work) =>
      exclusive(() =>
        db.transaction((tx) =>
          work({
            query: async <Row>(text: string, params?: readonly unknown[]) => ({ rows: (await tx.query<Row>(text, params === undefined ? undefined : [...params])).rows }),
            exec: async (sql) => {
              await tx.exec(sql)
            },
          }),
        ),
      ),
    session: (work) => exclusive(() => work(direct)),
    close: () => exclusive(() => db.close()).finally(unlock),
  }
}
