/**
 * The server under load, measured (issue 49): requests per second and p50/p99 latency of a cached
 * balance read, an activity page and an analytics write, on one replica and on three behind nginx,
 * next to two floors on the same machine (a bare Fastify route, and a Fastify route that runs one
 * PostgreSQL query), and each replica's memory after the load. The world is the fault and load
 * suite's (tests/scale/cluster.ts: a real PostgreSQL, Anvil with the devnet's contracts, the
 * server's replicas, Debian's nginx). The load comes from wrk (Debian's package, installed when
 * missing): a client in C in its own process, so the figures are the server's and not a
 * JavaScript client's (a fetch loop saturates long before a bare Fastify route does). Each target
 * is warmed first, and the rounds are interleaved, the median kept: on two cores the ratios are
 * the figures that hold. Prints a table; writes nothing.
 * `npm run bench:server:load [-- --seconds 5 --connections 16 --rounds 3 --only "balance, one"]`
 * (`--only`: the floors and the routes whose names contain it); with
 * WALLETGATE_REPLICA_PROFILE_DIR set, each replica writes a CPU profile there when it stops.
 */
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { systemClock } from '../../server/src/clock.js'
import { migrate } from '../../server/src/db/migrations.js'
import { openPostgresDatabase } from '../../server/src/db/postgres-database.js'
import { Projects } from '../../server/src/projects.js'
import { freePort } from '../../tests/e2e/support/free-port.js'
import { CHAIN_ID, Cluster, PAGE, PROJECT, ROOT } from '../../tests/scale/cluster.js'

const { values } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, connections: { type: 'string', default: '16' }, rounds: { type: 'string', default: '3' }, only: { type: 'string' } } })
const SECONDS = Number(values.seconds)
const CONNECTIONS = Number(values.connections)
const ROUNDS = Number(values.rounds)
const SDK = `projectId=${PROJECT}&st=walletgate&sv=walletgate-0.1.0`
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

interface Result {
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly errors: number
}

interface Target {
  readonly url: string
  readonly method?: 'POST'
  /** A JSON body; `%d` becomes a number no other request of the run has. */
  readonly body?: string
}

function ensureWrk(): string {
  const found = () => ['/usr/bin/wrk', '/usr/local/bin/wrk'].find((path) => spawnSync(path, ['--version'], { stdio: 'ignore' }).error === undefined)
  if (found() !== undefined) return found()!
  console.log("wrk: missing, installing Debian's wrk with apt-get")
  const [command, prefix] = process.getuid?.() === 0 ? ['apt-get', []] : ['sudo', ['apt-get']]
  spawnSync(command, [...prefix, 'install', '-y', '-qq', 'wrk'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } })
  const path = found()
  if (path === undefined) throw new Error('wrk could not be installed (apt-get install wrk)')
  return path
}

const WRK = ensureWrk()
const scripts = mkdtempSync(join(tmpdir(), 'walletgate-bench-wrk-'))
let runs = 0

/** `CONNECTIONS` connections on one wrk thread for `seconds`, each sending its next request as the last one answers. */
async function drive(target: Target, seconds = SECONDS): Promise<Result> {
  const run = ++runs
  const script = join(scripts, `run-${run}.lua`)
  const lua = (text: string) => JSON.stringify(text)
  writeFileSync(
    script,
    `wrk.headers["origin"] = ${lua(PAGE)}
${target.method === undefined ? '' : `wrk.method = "POST"
wrk.headers["content-type"] = "application/json"`}
local n = 0
request = function()
  n = n + 1
  ${target.body === undefined ? 'return wrk.format()' : `return wrk.format(nil, nil, nil, string.format(${lua(target.body)}, ${run} * 100000000 + n))`}
end
done = function(summary, latency)
  local e = summary.errors
  io.write(string.format("RESULT %d %d %d %d %d\\n", summary.requests, summary.duration, latency:percentile(50), latency:percentile(99), e.status + e.connect + e.read + e.write + e.timeout))
end
`,
  )
  // Asynchronously: this process serves the chain's RPC proxy (tests/scale/cluster.ts), which must go on answering.
  const out = await new Promise<string>((done, fail) => {
    const child = spawn(WRK, ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '-s', script, target.url], { stdio: ['ignore', 'pipe', 'inherit'] })
    let text = ''
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()))
    child.once('error', fail)
    child.once('exit', (code) => (code === 0 ? done(text) : fail(new Error(`wrk exited with ${code}`))))
  })
  const [requests, durationUs, p50Us, p99Us, errors] = /RESULT (\d+) (\d+) (\d+) (\d+) (\d+)/.exec(out)!.slice(1).map(Number) as [number, number, number, number, number]
  return { rps: requests / (durationUs / 1e6), p50: p50Us / 1000, p99: p99Us / 1000, errors }
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

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
  const balance = (base: string): Target => ({ url: `${base}/v1/account/${ACCOUNT}/balance?${SDK}&chainId=eip155:${CHAIN_ID}&currency=usd` })
  const activity = (base: string): Target => ({ url: `${base}/v1/account/${ACCOUNT}/history?${SDK}&chainId=eip155:${CHAIN_ID}` })
  const stamp = Date.now()
  const event = (base: string): Target => ({
    url: `${base}/e?${SDK}`,
    method: 'POST',
    body: JSON.stringify({ eventId: `bench-${stamp}-%d`, url: `${PAGE}/`, domain: 'app.example', timestamp: stamp, props: { type: 'track', event: 'MODAL_OPEN' } }),
  })
  // Warm: every replica's balance cache, the indexer following the account.
  for (let i = 0; i < 6; i++) await (await fetch(balance(three).url, { headers: { origin: PAGE } })).arrayBuffer()
  await (await fetch(activity(three).url, { headers: { origin: PAGE } })).arrayBuffer()

  const allTargets: [string, Target][] = [
    ['floor: bare Fastify route', { url: `http://127.0.0.1:${floorPort}/bare` }],
    ['floor: Fastify route + one PostgreSQL query', { url: `http://127.0.0.1:${floorPort}/one-query` }],
    ['cached balance, one replica', balance(one)],
    ['activity page, one replica', activity(one)],
    ['analytics write, one replica', event(one)],
    ['cached balance, three replicas (nginx)', balance(three)],
    ['activity page, three replicas (nginx)', activity(three)],
    ['analytics write, three replicas (nginx)', event(three)],
  ]
  const targets = allTargets.filter(([name]) => values.only === undefined || name.startsWith('floor') || name.includes(values.only))
  // Each target warmed (the JIT, the pools, nginx's upstream connections), then measured round by round.
  for (const [, target] of targets) await drive(target, 2)
  const samples = new Map<string, Result[]>(targets.map(([name]) => [name, []]))
  for (let round = 0; round < ROUNDS; round++) for (const [name, target] of targets) samples.get(name)!.push(await drive(target))
  const rows = targets.map(([name]): [string, Result] => {
    const results = samples.get(name)!
    return [name, { rps: median(results.map((r) => r.rps)), p50: median(results.map((r) => r.p50)), p99: median(results.map((r) => r.p99)), errors: results.reduce((sum, r) => sum + r.errors, 0) }]
  })

  const fmt = (x: number) => x.toFixed(x < 10 ? 1 : 0)
  console.log(`\nServer throughput (wrk, ${CONNECTIONS} connections, median of ${ROUNDS} interleaved ${SECONDS} s runs, ${new Date().toISOString().slice(0, 10)})\n`)
  console.log('| route | req/s | p50 ms | p99 ms | errors |')
  console.log('|---|---|---|---|---|')
  for (const [name, r] of rows) console.log(`| ${name} | ${fmt(r.rps)} | ${fmt(r.p50)} | ${fmt(r.p99)} | ${r.errors} |`)
  const rps = (name: string) => rows.find(([n]) => n === name)?.[1].rps ?? Number.NaN
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
  rmSync(scripts, { recursive: true, force: true })
}
