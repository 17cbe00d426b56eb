/**
 * Three walletgate-server replicas behind nginx on one PostgreSQL and one Anvil chain, under a fixed,
 * moderate load while faults are injected: a replica SIGKILLed and restarted, PostgreSQL restarted
 * (fast shutdown), the replica holding the activity indexer's lock killed, the chain's RPC paused.
 * Then: no GET failed with a 5xx, every acknowledged write is there and applied once, no indexed
 * transaction missing or doubled, and every replica talks to the restarted database by itself.
 */
import { readFileSync, readdirSync, readlinkSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrate } from '../../server/src/db/migrations.js'
import { openPostgresDatabase } from '../../server/src/db/postgres-database.js'
import type { Database } from '../../server/src/db/database.js'
import { Projects } from '../../server/src/projects.js'
import { systemClock } from '../../server/src/clock.js'
import { IDEMPOTENCY_ABANDONED_MS } from '../../server/src/idempotency.js'
import { registration } from '../../server/test/signing.js'
import { CHAIN_ID, Cluster, PAGE, PROJECT, portIsFree, type Replica } from './cluster.js'
import { runLoad, type GetRecord, type LoadResult } from './load.js'

const SDK = `projectId=${PROJECT}&st=walletgate&sv=walletgate-0.1.0`
const RATE = Number(process.env.SCALE_RATE ?? 40)
const DURATION_MS = Number(process.env.SCALE_DURATION_MS ?? 36_000)
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Anvil's first five default accounts (its fixed mnemonic), 10,000 ETH each. */
const ACCOUNTS = ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC', '0x90F79bf6EB2c8f870365E460a8Bf5A9F16Cb8aF6', '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65']

interface FaultWindow {
  readonly name: string
  from: number
  to: number
  notes: string[]
}

const cluster = new Cluster()
let db: Database
let load: LoadResult
let runStart = 0
const faults: FaultWindow[] = []
const sentTransactions: { hash: string; from: string; to: string }[] = []
const pidsBeforeDbRestart = new Map<number, number>()
let dbRestartedAt = 0

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(cluster.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  const answer = (await res.json()) as { result?: T; error?: { message: string } }
  if (answer.error !== undefined) throw new Error(`${method}: ${answer.error.message}`)
  return answer.result as T
}

/** Pays 1 wei from one default account to another (Anvil signs for its own accounts, mines at once). */
async function pay(from: string, to: string): Promise<void> {
  const hash = await rpc<string>('eth_sendTransaction', [{ from, to, value: '0x1' }])
  sentTransactions.push({ hash, from: from.toLowerCase(), to: to.toLowerCase() })
}

/** The replica whose process holds a socket with this local port (a PostgreSQL connection's client port). */
function replicaOwningPort(port: number): Replica | undefined {
  const inodes = new Set<string>()
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = ''
    try {
      text = readFileSync(table, 'utf8')
    } catch {
      continue
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/)
      if (cols.length < 10) continue
      const local = cols[1]!
      if (parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === port) inodes.add(cols[9]!)
    }
  }
  return cluster.replicas.find((replica) => {
    const pid = replica.child?.pid
    if (pid === undefined || replica.child?.exitCode !== null) return false
    try {
      return readdirSync(`/proc/${pid}/fd`).some((fd) => {
        try {
          const link = readlinkSync(`/proc/${pid}/fd/${fd}`)
          return inodes.has(/^socket:\[(\d+)\]$/.exec(link)?.[1] ?? '')
        } catch {
          return false
        }
      })
    } catch {
      return false
    }
  })
}

/** The replica holding the activity indexer's advisory lock right now, if one does. */
async function lockHolder(): Promise<Replica | undefined> {
  const { rows } = await db.query<{ client_port: number }>(
    // The indexer's own lock (a bigint key: classid is its high half, objid its low; objsubid 1), not the migrations'.
    `SELECT a.client_port FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
     WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1 AND a.pid <> pg_backend_pid()
       AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended($1, 0)`,
    [`walletgate-activity:${CHAIN_ID}`],
  )
  for (const row of rows) {
    const replica = replicaOwningPort(row.client_port)
    if (replica !== undefined) return replica
  }
  return undefined
}

const now = () => Date.now() - runStart

async function faultPlan(): Promise<void> {
  // 1. A replica SIGKILLed, then started again.
  await sleep(5_000)
  const killed: FaultWindow = { name: 'replica 0 SIGKILL + restart', from: now(), to: 0, notes: [] }
  faults.push(killed)
  await cluster.killReplica(cluster.replicas[0]!)
  await sleep(1_000)
  await cluster.startReplica(cluster.replicas[0]!)
  killed.to = now()
  killed.notes.push(`replica 0 back (pid ${cluster.replicas[0]!.child?.pid}) after ${killed.to - killed.from} ms`)

  // 2. PostgreSQL restarted with a fast shutdown.
  await sleep(3_000)
  for (const replica of cluster.replicas) pidsBeforeDbRestart.set(replica.index, replica.child!.pid!)
  const restart: FaultWindow = { name: 'PostgreSQL fast restart', from: now(), to: 0, notes: [] }
  faults.push(restart)
  cluster.postgres.stop()
  await sleep(1_500)
  cluster.postgres.start()
  restart.to = now()
  dbRestartedAt = restart.to
  restart.notes.push(`down for ${restart.to - restart.from} ms`)

  // 3. The replica holding the indexer's lock killed (the lock is held during each sync, every 4 s).
  await sleep(3_000)
  const lockFault: FaultWindow = { name: 'indexer lock holder SIGKILL + restart', from: now(), to: 0, notes: [] }
  faults.push(lockFault)
  let holder: Replica | undefined
  const lookUntil = Date.now() + 8_000
  while (holder === undefined && Date.now() < lookUntil) {
    holder = await lockHolder().catch(() => undefined)
    if (holder === undefined) await sleep(20)
  }
  if (holder === undefined) lockFault.notes.push('no replica was seen holding the lock within 8 s')
  else {
    lockFault.notes.push(`replica ${holder.index} held the lock; killed`)
    await cluster.killReplica(holder)
    const takeoverUntil = Date.now() + 12_000
    let next: Replica | undefined
    while (next === undefined && Date.now() < takeoverUntil) {
      next = await lockHolder().catch(() => undefined)
      if (next === undefined) await sleep(20)
    }
    lockFault.notes.push(next === undefined ? 'no other replica took the lock within 12 s' : `replica ${next.index} took the lock over ${now() - lockFault.from} ms after the kill`)
    await cluster.startReplica(holder)
  }
  lockFault.to = now()

  // 4. The chain's RPC stops answering for 4 s (the TCP proxy holds the bytes), then comes back.
  await sleep(2_000)
  const pause: FaultWindow = { name: 'chain RPC paused 4 s', from: now(), to: 0, notes: [] }
  faults.push(pause)
  cluster.proxy.pause()
  await sleep(4_000)
  cluster.proxy.resume()
  pause.to = now()
}

/** Transactions on the chain during the load: the indexed activity must end up with each once. */
async function chainActivity(until: number): Promise<void> {
  let i = 0
  while (Date.now() < until) {
    await pay(ACCOUNTS[i % 4]!, ACCOUNTS[(i % 4) + 1]!).catch(() => undefined)
    i++
    await sleep(1_500)
  }
}

function summary(): string {
  const lines: string[] = []
  const gets = load.gets
  const byKind = new Map<string, GetRecord[]>()
  for (const g of gets) byKind.set(g.kind, [...(byKind.get(g.kind) ?? []), g])
  lines.push(`load: ${RATE} req/s for ${DURATION_MS} ms; ${gets.length} GETs, ${load.writes.length} writes, ${load.skipped} ticks skipped (too many in flight)`)
  for (const [kind, list] of byKind) {
    const sorted = list.map((g) => g.ms).sort((a, b) => a - b)
    const bad = list.filter((g) => g.status === 'network' || g.status >= 500)
    lines.push(`  GET ${kind}: ${list.length}, failed ${bad.length}, p50 ${sorted[Math.floor(sorted.length * 0.5)]} ms, p99 ${sorted[Math.floor(sorted.length * 0.99)]} ms`)
  }
  for (const kind of ['event', 'register', 'signin'] as const) {
    const list = load.writes.filter((w) => w.kind === kind)
    const retries = list.reduce((n, w) => n + w.attempts.length - 1, 0)
    const statuses = new Map<string, number>()
    for (const w of list) for (const a of w.attempts.slice(0, -1)) statuses.set(String(a.status), (statuses.get(String(a.status)) ?? 0) + 1)
    const slowest = list.reduce((worst, w) => (w.acknowledgedAt !== undefined && w.acknowledgedAt - w.startedAt > worst ? w.acknowledgedAt - w.startedAt : worst), 0)
    lines.push(`  write ${kind}: ${list.length}, acknowledged ${list.filter((w) => w.acknowledgedAt !== undefined).length}, retries ${retries} (${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ') || 'none'}), slowest acknowledged after ${slowest} ms`)
    for (const w of list.filter((w) => w.attempts.filter((a) => a.status === 409).length >= 3)) lines.push(`    ${kind} ${w.subject} answered 409 ${w.attempts.filter((a) => a.status === 409).length} times, from ${w.attempts.find((a) => a.status === 409)!.at} ms: ${w.attempts.map((a) => a.status).join(',')}`)
  }
  for (const fault of faults) {
    const inWindow = (at: number) => at >= fault.from && at <= fault.to + 2_000
    const getFailures = gets.filter((g) => inWindow(g.at) && (g.status === 'network' || g.status >= 500))
    const retried = load.writes.flatMap((w) => w.attempts.slice(0, -1)).filter((a) => inWindow(a.at))
    const slow = gets.filter((g) => inWindow(g.at) && g.ms > 1_000 && g.status !== 'network' && g.status < 500)
    if (slow.length > 0) fault.notes.push(`${slow.length} GETs succeeded but took over 1 s (${[...new Set(slow.map((g) => g.kind))].join(', ')}; slowest ${Math.max(...slow.map((g) => g.ms))} ms)`)
    const failStatuses = new Map<string, number>()
    for (const g of getFailures) failStatuses.set(`${g.kind}:${g.status}`, (failStatuses.get(`${g.kind}:${g.status}`) ?? 0) + 1)
    const lastFailure = getFailures.reduce((last, g) => Math.max(last, g.at + g.ms), 0)
    if (getFailures.length > 0) fault.notes.push(`last failed GET answered at ${lastFailure} ms (${lastFailure - fault.to} ms after the fault ended)`)
    lines.push(`fault "${fault.name}" at ${fault.from}-${fault.to} ms: GETs failed ${getFailures.length} (${[...failStatuses].map(([s, n]) => `${s}×${n}`).join(', ') || 'none'}), write attempts retried ${retried.length}; ${fault.notes.join('; ')}`)
  }
  const log = cluster.accessLog()
  const retriedByNginx = log.filter((line) => /upstream=\[[^\]]*,/.test(line)).length
  lines.push(`nginx: ${log.length} requests, ${retriedByNginx} passed on to another replica, ${log.filter((l) => / 5\d\d upstream/.test(l)).length} answered 5xx`)
  return lines.join('\n')
}

describe('three replicas behind nginx under load and faults', () => {
  beforeAll(async () => {
    try {
      await cluster.startPostgres()
      db = await openPostgresDatabase(cluster.postgres.url, { max: 2 })
      await migrate(db)
      await new Projects(db, systemClock).add(PROJECT, [PAGE])
      await cluster.startAnvil()
      await cluster.deployContracts()
      cluster.writeConfig()
      await cluster.addReplicas(3)
      await cluster.startNginx()
    } catch (error) {
      await cluster.stop(true)
      throw error
    }
    const runId = `r${Date.now().toString(36)}`
    // Names for the lookups, registered before the load; each account followed by the indexer.
    const names: string[] = []
    for (let i = 0; i < 4; i++) {
      const name = `${runId}-seed${i}`
      const res = await fetch(`${cluster.baseUrl}/v1/profile/account`, { method: 'POST', headers: { origin: PAGE, 'content-type': 'application/json' }, body: JSON.stringify((await registration(name)).body) })
      expect(res.status).toBe(200)
      names.push(name)
    }
    for (const account of ACCOUNTS) await fetch(`${cluster.baseUrl}/v1/account/${account}/history?${SDK}&chainId=eip155:${CHAIN_ID}`)
    runStart = Date.now()
    const loading = runLoad({ baseUrl: cluster.baseUrl, rate: RATE, durationMs: DURATION_MS, accounts: ACCOUNTS, names, drainMs: IDEMPOTENCY_ABANDONED_MS + 15_000, runId })
    const faulting = faultPlan()
    const paying = chainActivity(runStart + DURATION_MS - 2_000)
    ;[load] = await Promise.all([loading, faulting, paying])
    console.log(summary())
  }, 240_000)

  afterAll(async () => {
    await db?.close().catch(() => undefined)
    const children = [...cluster.children].map((c) => c.pid)
    await cluster.stop(process.env.SCALE_KEEP === '1')
    // Nothing left behind: no child of ours, every port this world used free again.
    const left = [...cluster.children].map((c) => c.pid)
    const busy: number[] = []
    for (const port of cluster.ports) if (!(await portIsFree(port))) busy.push(port)
    // Nor any process whose command line names this world's folders (replicas, PostgreSQL's postmaster).
    const marks = [cluster.dir, cluster.postgres?.dir].filter((m): m is string => m !== undefined)
    const strays = readdirSync('/proc')
      .filter((pid) => /^\d+$/.test(pid))
      .filter((pid) => {
        try {
          const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
          return marks.some((mark) => cmdline.includes(mark))
        } catch {
          return false
        }
      })
    console.log(`cleanup: ended ${children.length} children; left ${left.length}; ports still taken: ${busy.join(', ') || 'none'}; stray processes: ${strays.join(', ') || 'none'}`)
    if (left.length > 0 || busy.length > 0 || strays.length > 0) throw new Error(`left behind: processes ${[...left, ...strays].join(', ')}, ports ${busy.join(', ')}`)
  }, 30_000)

  const failedGets = () => load.gets.filter((g) => g.status === 'network' || g.status >= 500)
  const duringDbRestart = (g: GetRecord) => {
    const restart = faults.find((f) => f.name.startsWith('PostgreSQL'))
    return restart !== undefined && g.at >= restart.from - 1_000 && g.at <= restart.to + 1_000
  }

  it('no GET failed with a 5xx or a dropped connection while a replica died, the lock holder died or the chain paused', () => {
    expect(failedGets().filter((g) => !duringDbRestart(g)).map((g) => `${g.kind} ${g.status} at ${g.at} ms`)).toEqual([])
  })

  // While PostgreSQL is down every replica's project guard needs it: the server's statements wait
  // for the database to come back (server/src/db/postgres-database.ts) instead of answering 500.
  it('no GET failed with a 5xx while PostgreSQL restarted', () => {
    expect(failedGets().filter(duringDbRestart).map((g) => `${g.kind} ${g.status} at ${g.at} ms`)).toEqual([])
  })

  it('every balance, history, identity and quote read answered 200 (the mix asks only what exists)', () => {
    const reads = load.gets.filter((g) => g.kind === 'balance' || g.kind === 'history' || g.kind === 'identity' || g.kind === 'quote')
    expect(reads.filter((g) => g.status !== 200 && g.status !== 'network' && !(typeof g.status === 'number' && g.status >= 500)).map((g) => `${g.kind} ${g.status} at ${g.at} ms`)).toEqual([])
    expect(reads.some((g) => g.kind === 'quote' && g.status === 200)).toBe(true)
  })

  it('every write was acknowledged, retried with its key', () => {
    expect(load.writes.filter((w) => w.acknowledgedAt === undefined).map((w) => `${w.kind} ${w.subject}: ${w.gaveUp} after ${w.attempts.map((a) => a.status).join(',')}`)).toEqual([])
  })

  it('every acknowledged analytics event is stored exactly once, and no other', async () => {
    const events = load.writes.filter((w) => w.kind === 'event')
    const { rows } = await db.query<{ event_id: string; n: string }>('SELECT event_id, count(*) AS n FROM analytics_events WHERE project_id = $1 AND event_id = ANY($2::text[]) GROUP BY event_id', [PROJECT, events.map((e) => e.subject)])
    const stored = new Map(rows.map((r) => [r.event_id, Number(r.n)]))
    const acknowledged = events.filter((e) => e.acknowledgedAt !== undefined)
    expect(acknowledged.filter((e) => stored.get(e.subject) !== 1).map((e) => e.subject)).toEqual([])
    // Nothing but what was sent: at most one row per event sent.
    expect(rows.length).toBeLessThanOrEqual(events.length)
  })

  it('every acknowledged name resolves through the balancer, registered once', async () => {
    const registered = load.writes.filter((w) => w.kind === 'register' && w.acknowledgedAt !== undefined)
    expect(registered.length).toBeGreaterThan(0)
    const wrong: string[] = []
    for (const write of registered) {
      const res = await fetch(`${cluster.baseUrl}/v1/profile/account/${write.subject}?${SDK}`, { headers: { origin: PAGE } })
      if (res.status !== 200) wrong.push(`${write.subject}: ${res.status}`)
      // Applied once: the stored profile is the one acknowledged (a second run would have moved updated_at).
      const { rows } = await db.query<{ updated_at: Date; registered_at: Date }>('SELECT updated_at, registered_at FROM names WHERE name = $1', [`${write.subject}.wg.id`])
      const answer = write.answer as { updated_at?: string; registered_at?: string } | undefined
      if (rows.length !== 1) wrong.push(`${write.subject}: ${rows.length} rows`)
      else if (answer?.updated_at !== undefined && new Date(answer.updated_at).getTime() !== rows[0]!.updated_at.getTime()) wrong.push(`${write.subject}: updated ${rows[0]!.updated_at.toISOString()} after the acknowledged ${answer.updated_at}`)
    }
    expect(wrong).toEqual([])
  })

  it('every acknowledged sign-in session is readable, and opened once', async () => {
    const signIns = load.writes.filter((w) => w.kind === 'signin' && w.acknowledgedAt !== undefined)
    expect(signIns.length).toBeGreaterThan(0)
    const wrong: string[] = []
    for (const write of signIns) {
      const token = write.answer?.token as string | undefined
      const res = await fetch(`${cluster.baseUrl}/auth/v1/me`, { headers: { origin: PAGE, authorization: `Bearer ${token}` } })
      const body = (await res.json()) as { address?: string }
      if (res.status !== 200 || body.address !== write.subject) wrong.push(`${write.subject}: ${res.status} ${JSON.stringify(body)}`)
      const { rows } = await db.query<{ n: string }>('SELECT count(*) AS n FROM siwx_sessions WHERE account_address = $1', [write.subject])
      if (Number(rows[0]?.n) !== 1) wrong.push(`${write.subject}: ${rows[0]?.n} sessions`)
    }
    expect(wrong).toEqual([])
  })

  it('the indexed activity has every transaction sent during the load once, none missing', async () => {
    expect(sentTransactions.length).toBeGreaterThan(5)
    const account = ACCOUNTS[1]!.toLowerCase()
    const expected = sentTransactions.filter((t) => t.from === account || t.to === account).map((t) => t.hash).sort()
    let seen: string[] = []
    const deadline = Date.now() + 20_000
    do {
      seen = []
      let cursor: string | null = null
      do {
        const res: Response = await fetch(`${cluster.baseUrl}/v1/account/${ACCOUNTS[1]}/history?${SDK}&chainId=eip155:${CHAIN_ID}${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`, { headers: { origin: PAGE } })
        const page = (await res.json()) as { data: { metadata: { hash: string } }[]; next: string | null }
        seen.push(...page.data.map((t) => t.metadata.hash))
        cursor = page.next
      } while (cursor !== null)
      if (expected.every((h) => seen.includes(h))) break
      await sleep(1_000)
    } while (Date.now() < deadline)
    const duplicates = seen.filter((h, i) => seen.indexOf(h) !== i)
    expect({ missing: expected.filter((h) => !seen.includes(h)), duplicates }).toEqual({ missing: [], duplicates: [] })
  })

  it('each replica talks to the restarted PostgreSQL without having been restarted itself', async () => {
    expect(dbRestartedAt).toBeGreaterThan(0)
    const untouched = cluster.replicas.filter((r) => r.child?.pid === pidsBeforeDbRestart.get(r.index))
    expect(untouched.length).toBeGreaterThan(0)
    for (const replica of cluster.replicas) {
      const ready = await fetch(`http://127.0.0.1:${replica.port}/readyz`)
      expect(ready.status, `replica ${replica.index} /readyz`).toBe(200)
      // A read the database answers every time (a suggestion checks which names are taken).
      const fresh = await fetch(`http://127.0.0.1:${replica.port}/v1/profile/suggestions/fresh${replica.index}${Date.now()}?${SDK}`, { headers: { origin: PAGE } })
      expect(fresh.status, `replica ${replica.index} suggestions`).toBe(200)
    }
    // And the replicas that were not restarted answered DB-backed writes after the restart (not only after their own restart).
    const after = load.writes.filter((w) => w.acknowledgedAt !== undefined && w.acknowledgedAt > dbRestartedAt + 1_000)
    expect(after.length).toBeGreaterThan(0)
  })
})
