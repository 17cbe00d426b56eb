/**
 * The server under load, measured (issue 49): requests per second and p50/p99 latency of a cached
 * balance read, an activity page and an analytics write, on one replica and on three behind nginx,
 * next to two floors on the same machine (a bare Fastify route, and a Fastify route that runs one
 * PostgreSQL query), and each replica's memory after the load. The world is the fault and load
 * suite's (tests/scale/cluster.ts: a real PostgreSQL, Anvil with the devnet's contracts, the
 * server's replicas, Debian's nginx). Closed-loop clients on loopback; on two cores the ratios are
 * the figures that hold. Prints a table; writes nothing.
 * `npm run bench:server:load [-- --seconds 8 --connections 16]`.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { systemClock } from '../../server/src/clock.js'
import { migrate } from '../../server/src/db/migrations.js'
import { openPostgresDatabase } from '../../server/src/db/postgres-database.js'
import { Projects } from '../../server/src/projects.js'
import { freePort } from '../../tests/e2e/support/free-port.js'
import { CHAIN_ID, Cluster, PAGE, PROJECT, ROOT } from '../../tests/scale/cluster.js'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '8' }, connections: { type: 'string', default: '16' } } })
const SECONDS = Number(values.seconds)
const CONNECTIONS = Number(values.connections)
const SDK = `projectId=${PROJECT}&st=walletgate&sv=walletgate-0.1.0`
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

interface Result {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly errors: number
}

/** `CONNECTIONS` clients, each sending its next request as the last one answers, for `SECONDS`. */
async function drive(request: (n: number) => Promise<Response>): Promise<Result> {
  const latencies: number[] = []
  let errors = 0
  let n = 0
  const until = performance.now() + SECONDS * 1_000
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (performance.now() < until) {
        const started = performance.now()
        try {
          const res = await request(n++)
          await res.arrayBuffer()
          if (res.status >= 400) errors++
        } catch {
          errors++
        }
        latencies.push(performance.now() - started)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0
  return { rps: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99), errors }
}

const cluster = new Cluster()
let floor: ReturnType<typeof spawn> | undefined
try {
  await cluster.startPostgres()
  const db = await openPostgresDatabase(cluster.postgres.url, { max: 2 })
  await migrate(db)
  await new Projects(db, systemClock).add(PROJECT, [PAGE])
  await db.close()
  await cluster.startAnvil()
  await cluster.deployContracts()
  cluster.writeConfig()
  await cluster.addReplicas(3)
  await cluster.startNginx()
  const floorPort = await freePort()
  floor = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench/server/floor-server.ts'), String(floorPort), cluster.postgres.url], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((done) => floor!.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('floor listening') && done()))

  const one = `http://127.0.0.1:${cluster.replicas[0]!.port}`
  const three = cluster.baseUrl
  const headers = { origin: PAGE }
  const balance = (base: string) => () => fetch(`${base}/v1/account/${ACCOUNT}/balance?${SDK}&chainId=eip155:${CHAIN_ID}&currency=usd`, { headers })
  const activity = (base: string) => () => fetch(`${base}/v1/account/${ACCOUNT}/history?${SDK}&chainId=eip155:${CHAIN_ID}`, { headers })
  const event = (base: string, run: string) => (n: number) =>
    fetch(`${base}/e?${SDK}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ eventId: `${run}-${n}`, url: `${PAGE}/`, domain: 'app.example', timestamp: Date.now(), props: { type: 'track', event: 'MODAL_OPEN' } }),
    })
  // Warm: every replica's balance cache, the indexer following the account.
  for (let i = 0; i < 6; i++) await (await balance(three)()).arrayBuffer()
  await (await activity(three)()).arrayBuffer()

  const rows: [string, Result][] = []
  rows.push(['floor: bare Fastify route', await drive(() => fetch(`http://127.0.0.1:${floorPort}/bare`))])
  rows.push(['floor: Fastify route + one PostgreSQL query', await drive(() => fetch(`http://127.0.0.1:${floorPort}/one-query`))])
  rows.push(['cached balance, one replica', await drive(balance(one))])
  rows.push(['activity page, one replica', await drive(activity(one))])
  rows.push(['analytics write, one replica', await drive(event(one, `one${Date.now()}`))])
  rows.push(['cached balance, three replicas (nginx)', await drive(balance(three))])
  rows.push(['activity page, three replicas (nginx)', await drive(activity(three))])
  rows.push(['analytics write, three replicas (nginx)', await drive(event(three, `three${Date.now()}`))])

  const fmt = (x: number) => x.toFixed(x < 10 ? 1 : 0)
  console.log(`\nServer throughput (${CONNECTIONS} connections, ${SECONDS} s each, ${new Date().toISOString().slice(0, 10)})\n`)
  console.log('| route | req/s | p50 ms | p99 ms | errors |')
  console.log('|---|---|---|---|---|')
  for (const [name, r] of rows) console.log(`| ${name} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} |`)
  const rps = (name: string) => rows.find(([n]) => n === name)![1].rps
  console.log(`\ncached balance / bare route: ${(rps('cached balance, one replica') / rps('floor: bare Fastify route')).toFixed(2)} (target >= 0.5)`)
  console.log(`activity page / one-query route: ${(rps('activity page, one replica') / rps('floor: Fastify route + one PostgreSQL query')).toFixed(2)} (target >= 0.5)`)
  const memory = cluster.replicas.map((r) => {
    const status = readFileSync(`/proc/${r.child!.pid}/status`, 'utf8')
    return `${Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)} MB`
  })
  console.log(`memory per replica after the load (RSS): ${memory.join(', ')}`)
} finally {
  floor?.kill('SIGTERM')
  await cluster.stop()
}
