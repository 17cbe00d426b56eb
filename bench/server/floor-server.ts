/**
 * The floors the server's throughput is measured against (bench/server/throughput.ts), on the same
 * machine: a bare Fastify route, and a Fastify route that runs one PostgreSQL query on the same
 * database. `node --import tsx bench/server/floor-server.ts <port> <database url>`; prints
 * "floor listening" once it listens.
 */
import Fastify from 'fastify'
import pg from 'pg'

const [port, databaseUrl] = process.argv.slice(2)
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 })
pool.on('error', () => undefined)
const app = Fastify({ logger: false })
app.get('/bare', async () => ({ ok: true }))
app.get('/one-query', async () => ({ ok: (await pool.query('SELECT 1 AS one')).rows[0].one === 1 }))
await app.listen({ port: Number(port), host: '127.0.0.1' })
console.log('floor listening')
