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

/** A TCP proxy in front of the database whose port can close for a while (refused, as a restarting server's is). */
async function gate(target: URL): Promise<{ url: string; refuse(): Promise<void>; admit(): Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<Socket>()
  const server: Server = createServer((client) => {
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
  const closed = () => new Promise<void>((done) => (server.listening ? server.close(() => done()) : done()))
  return {
    url: url.href,
    async refuse() {
      for (const s of sockets) s.destroy()
      sockets.clear()
      await closed()
    },
    admit: () => new Promise<void>((done) => server.listen(port, '127.0.0.1', done)),
    close: closed,
  }
}

const cleanups: (() => Promise<unknown>)[] = []

/** A database reached through a gate that refuses connections from now on. */
async function unreachable() {
  const proxy = await gate(new URL(await freshPostgresUrl()))
  cleanups.push(() => proxy.close())
  const db = await openPostgresDatabase(proxy.url)
  cleanups.push(() => db.close())
  await proxy.refuse()
  // The pool sees its idle connections end (a restarting server tells them first: 57P01).
  await new Promise((done) => setTimeout(done, 200))
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
    setTimeout(() => void proxy.admit(), 1_500)
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
