/**
 * The server on a PostgreSQL that goes away and comes back (a restart, a fail-over), on the run's
 * cluster: a connection the server holds between queries (a session, the indexer's lock) ended by
 * the server does not end the process; a statement sent while no connection can be made waits for
 * the server to answer again, then runs; one that cannot wait that long fails plainly.
 */
import { connect, createServer, type Server, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { openPostgresDatabase, RECONNECT_WAIT_MS } from '../src/db/postgres-database.js'
import { freshPostgresUrl } from './engines.js'

/** A TCP proxy in front of the database that can refuse connections for a while. */
async function gate(target: URL): Promise<{ url: string; refuse(): void; admit(): void; close(): Promise<void> }> {
  let open = true
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
    if (!open) return client.destroy()
    const upstream = connect(Number(target.port), target.hostname)
    sockets.add(client).add(upstream)
    client.pipe(upstream).pipe(client)
    const end = () => (client.destroy(), upstream.destroy())
    client.on('error', end).on('close', end)
    upstream.on('error', end).on('close', end)
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const port = (server.address() as { port: number }).port
  const url = new URL(target.href)
  url.host = `127.0.0.1:${port}`
  return {
    url: url.href,
    refuse() {
      open = false
      for (const s of sockets) s.destroy()
      sockets.clear()
    },
    admit() {
      open = true
    },
    close: () => new Promise((done) => server.close(() => done())),
  }
}

const cleanups: (() => Promise<unknown>)[] = []

/** A database reached through a gate that refuses connections from now on. */
async function unreachable() {
  const proxy = await gate(new URL(await freshPostgresUrl()))
  cleanups.push(() => proxy.close())
  const db = await openPostgresDatabase(proxy.url)
  cleanups.push(() => db.close())
  proxy.refuse()
  return { proxy, db, started: Date.now() }
}
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined)
})

describe('PostgreSQL going away', () => {
  it('ending a connection the server holds between queries does not end the process', async () => {
    const db = await openPostgresDatabase(await freshPostgresUrl())
    cleanups.push(() => db.close())
    const uncaught: unknown[] = []
    const listener = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', listener)
    try {
      await db
        .session(async (connection) => {
          const { rows } = await connection.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
          // As a fast shutdown does to every backend, while this connection is between queries.
          await db.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid])
          await new Promise((done) => setTimeout(done, 300))
          await connection.query('SELECT 1')
        })
        .catch(() => undefined)
    } finally {
      process.off('uncaughtException', listener)
    }
    expect(uncaught).toEqual([])
    expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
  })

  it('a statement sent while the database cannot be reached waits for it, then runs', async () => {
    const { proxy, db, started } = await unreachable()
    const answer = db.query<{ one: number }>('SELECT 1 AS one')
    setTimeout(() => proxy.admit(), 1_500)
    expect((await answer).rows).toEqual([{ one: 1 }])
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_400)
  })

  it('gives up after RECONNECT_WAIT_MS with the connection error', async () => {
    const { db, started } = await unreachable()
    await expect(db.query('SELECT 1')).rejects.toBeDefined()
    expect(Date.now() - started).toBeLessThanOrEqual(RECONNECT_WAIT_MS + 2_000)
    expect(Date.now() - started).toBeGreaterThanOrEqual(RECONNECT_WAIT_MS - 1_500)
  }, 20_000)
})
