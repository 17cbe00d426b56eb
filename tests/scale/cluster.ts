/**
 * The world of the fault and load suite, all on 127.0.0.1: one PostgreSQL cluster, one Anvil chain
 * behind a TCP proxy that can be paused, three walletgate-server replicas (child processes running
 * the server's source) and nginx balancing over them. Every child is tracked, so `stop()` ends them
 * all, whatever failed.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, connect, type Server, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { loadArtifacts } from '../../devnet/src/chains/eip155/compile.js'
import { deployDevnetContracts } from '../../devnet/src/chains/eip155/deploy.js'
import { DEVNET_CONTRACTS } from '../../devnet/src/config.js'
import { freePort } from '../e2e/support/free-port.js'
import { postgresBinaries } from '../../server/test/postgres-cluster.js'

export const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')
const HERE = join(ROOT, 'tests/scale')

export const PROJECT = 'wg-load'
export const PAGE = 'https://app.example'
export const CHAIN_ID = 31_337

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Waits for `child` to have exited (at once if it has). */
function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((done) => child.once('exit', () => done()))
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs
  for (;;) {
    const value = await probe().catch(() => undefined)
    if (value !== undefined) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

/** PostgreSQL that can be restarted in place (the suite's restart fault); `postgres` user when root. */
export class Postgres {
  readonly url: string
  private readonly bin: string
  private readonly data: string
  constructor(
    readonly dir: string,
    readonly port: number,
  ) {
    const bin = postgresBinaries()
    if (bin === undefined) throw new Error('PostgreSQL is not installed (/usr/lib/postgresql/*/bin/initdb): apt-get install postgresql')
    this.bin = bin
    this.data = join(dir, 'data')
    this.url = `postgres://postgres@127.0.0.1:${port}/postgres`
  }

  private as(command: string, args: string[]): void {
    const path = join(this.bin, command)
    if (process.getuid?.() === 0) execFileSync('runuser', ['-u', 'postgres', '--', path, ...args], { stdio: 'pipe' })
    else execFileSync(path, args, { stdio: 'pipe' })
  }

  init(): void {
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres:postgres', this.dir])
    this.as('initdb', ['-D', this.data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8'])
  }

  start(): void {
    this.as('pg_ctl', ['-D', this.data, '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`, '-l', join(this.dir, 'log'), '-w', 'start'])
  }

  /** Fast shutdown: open sessions are ended, transactions rolled back. */
  stop(): void {
    this.as('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop'])
  }

  /** Stops it if it runs (for cleanup: never throws). */
  stopQuietly(): void {
    try {
      this.as('pg_ctl', ['-D', this.data, '-m', 'immediate', '-w', 'stop'])
    } catch {
      // Not running.
    }
  }
}

/**
 * A TCP proxy in front of the chain's RPC: `pause()` stops it answering (connections are accepted
 * and held, bytes are not passed on), `resume()` passes on what was held; the chain keeps its state.
 */
export class PausableProxy {
  private server: Server | undefined
  private paused = false
  private readonly held: (() => void)[] = []
  private readonly sockets = new Set<Socket>()
  constructor(
    readonly port: number,
    readonly target: number,
  ) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      this.sockets.add(client)
      const open = () => {
        const upstream = connect(this.target, '127.0.0.1')
        this.sockets.add(upstream)
        const pipe = (from: Socket, to: Socket) => {
          from.on('data', (chunk: Buffer) => {
            if (this.paused) this.held.push(() => to.write(chunk))
            else to.write(chunk)
          })
        }
        pipe(client, upstream)
        pipe(upstream, client)
        const end = () => {
          client.destroy()
          upstream.destroy()
          this.sockets.delete(client)
          this.sockets.delete(upstream)
        }
        client.on('close', end).on('error', end)
        upstream.on('close', end).on('error', end)
      }
      open()
    })
    await new Promise<void>((done) => this.server!.listen(this.port, '127.0.0.1', done))
  }

  pause(): void {
    this.paused = true
  }

  resume(): void {
    this.paused = false
    for (const send of this.held.splice(0)) send()
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy()
    await new Promise<void>((done) => (this.server === undefined ? done() : this.server.close(() => done())))
  }
}

export interface Replica {
  readonly index: number
  readonly port: number
  child: ChildProcess | undefined
  readonly log: string
}

export class Cluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'walletgate-scale-'))
  readonly children = new Set<ChildProcess>()
  readonly replicas: Replica[] = []
  postgres!: Postgres
  proxy!: PausableProxy
  anvilUrl = ''
  nginxPort = 0
  /** Every port this world listens on (checked free again at the end). */
  readonly ports: number[] = []

  get baseUrl(): string {
    return `http://127.0.0.1:${this.nginxPort}`
  }

  private track(child: ChildProcess): ChildProcess {
    this.children.add(child)
    child.once('exit', () => this.children.delete(child))
    return child
  }

  async startPostgres(): Promise<void> {
    // Its own folder in the temp dir: the postgres user cannot enter this world's (root's, 0700).
    const pgDir = mkdtempSync(join(tmpdir(), 'walletgate-scale-pg-'))
    const port = await freePort()
    this.ports.push(port)
    this.postgres = new Postgres(pgDir, port)
    this.postgres.init()
    this.postgres.start()
  }

  async startAnvil(): Promise<void> {
    const port = await freePort()
    this.ports.push(port)
    const child = this.track(spawn(join(ROOT, 'node_modules/.bin/anvil'), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(CHAIN_ID), '--silent'], { stdio: ['ignore', 'ignore', 'ignore'] }))
    this.anvilUrl = `http://127.0.0.1:${port}`
    await until('anvil', async () => {
      if (child.exitCode !== null) throw new Error('anvil exited')
      const res = await fetch(this.anvilUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) })
      return res.ok ? true : undefined
    })
    const proxyPort = await freePort()
    this.ports.push(proxyPort)
    this.proxy = new PausableProxy(proxyPort, port)
    await this.proxy.start()
  }

  /**
   * The devnet's contracts on the chain (its tokens, pools and router, at the devnet's addresses),
   * so the mix's swap quotes are the router's.
   */
  async deployContracts(): Promise<void> {
    await deployDevnetContracts(CHAIN_ID, this.anvilUrl, await loadArtifacts())
  }

  /** The server's configuration file: the chain behind the proxy, its swap router and tokens, indexed activity, no practical rate limit. */
  writeConfig(): string {
    const path = join(this.dir, 'walletgate.json')
    writeFileSync(
      join(this.dir, 'tokens.json'),
      JSON.stringify({ name: 'scale', tokens: [{ chainId: CHAIN_ID, address: DEVNET_CONTRACTS.DVT, name: 'Devnet Token', symbol: 'DVT', decimals: 18 }] }),
    )
    const config = {
      tokenLists: ['tokens.json'],
      chains: [
        {
          id: `eip155:${CHAIN_ID}`,
          name: 'Load chain',
          rpcUrls: [`http://127.0.0.1:${this.proxy.port}`],
          swap: { router: DEVNET_CONTRACTS.swapRouter, weth: DEVNET_CONTRACTS.weth },
          activity: { source: 'indexer', startBlock: 0, confirmations: 0 },
        },
      ],
      trustedProxies: ['127.0.0.1'],
      limits: { requestsPerMinute: 1_000_000 },
    }
    writeFileSync(path, JSON.stringify(config, null, 2))
    return path
  }

  async addReplicas(count: number): Promise<void> {
    for (let index = 0; index < count; index++) {
      const port = await freePort()
      this.ports.push(port)
      this.replicas.push({ index, port, child: undefined, log: join(this.dir, `replica-${index}.log`) })
    }
    await Promise.all(this.replicas.map((replica) => this.startReplica(replica)))
  }

  /**
   * Starts (or restarts) a replica: one node process running the server's source through tsx. Its
   * log goes straight to its file, as a process manager's does (never through this process, which
   * drives the load: a pipe it reads would slow the replica it measures); it serves once `/healthz`
   * answers.
   */
  async startReplica(replica: Replica): Promise<void> {
    const config = join(this.dir, 'walletgate.json')
    const log = openSync(replica.log, 'a')
    let child: ChildProcess
    try {
      child = this.track(
        spawn(process.execPath, [...(process.env.WALLETGATE_REPLICA_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.WALLETGATE_REPLICA_PROFILE_DIR}`] : []), '--import', 'tsx', join(ROOT, 'server/src/bin.ts'), '--config', config, '--port', String(replica.port), '--host', '127.0.0.1'], {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: this.postgres.url, NODE_ENV: 'production' },
          stdio: ['ignore', log, log],
        }),
      )
    } finally {
      closeSync(log)
    }
    replica.child = child
    let exit: string | undefined
    child.once('exit', (code, signal) => (exit = String(code ?? signal)))
    const until = Date.now() + 60_000
    for (;;) {
      if (exit !== undefined) throw new Error(`replica ${replica.index} exited before listening (${exit}); see ${replica.log}`)
      const ok = await fetch(`http://127.0.0.1:${replica.port}/healthz`).then(
        (res) => res.ok,
        () => false,
      )
      if (ok) return
      if (Date.now() > until) throw new Error(`replica ${replica.index} did not start within 60 s; see ${replica.log}`)
      await sleep(50)
    }
  }

  async killReplica(replica: Replica, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = replica.child
    if (child === undefined) return
    child.kill(signal)
    await exited(child)
  }

  async startNginx(): Promise<void> {
    const dir = join(this.dir, 'nginx')
    mkdirSync(dir)
    this.nginxPort = await freePort()
    this.ports.push(this.nginxPort)
    const upstreams = this.replicas.map((r) => `    server 127.0.0.1:${r.port} max_fails=1 fail_timeout=2s;`).join('\n')
    const text = readFileSync(join(HERE, 'nginx.conf.template'), 'utf8').replaceAll('{{DIR}}', dir).replaceAll('{{PORT}}', String(this.nginxPort)).replace('{{UPSTREAMS}}', upstreams)
    const file = join(dir, 'nginx.conf')
    writeFileSync(file, text)
    const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((path) => {
      try {
        execFileSync(path, ['-v'], { stdio: 'ignore' })
        return true
      } catch {
        return false
      }
    })
    if (nginx === undefined) throw new Error('nginx is not installed: apt-get install -y nginx')
    const child = this.track(spawn(nginx, ['-c', file, '-p', dir, '-e', join(dir, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] }))
    let stderr = ''
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    await until('nginx', async () => {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`)
      const res = await fetch(`${this.baseUrl}/healthz`)
      return res.ok ? true : undefined
    }).catch((error: Error) => {
      throw new Error(`${error.message}: ${stderr}`)
    })
  }

  accessLog(): string[] {
    try {
      return readFileSync(join(this.dir, 'nginx/access.log'), 'utf8').split('\n').filter(Boolean)
    } catch {
      return []
    }
  }

  /** Ends every child (SIGTERM, then SIGKILL after 5 s), the proxy and PostgreSQL; never throws. */
  async stop(keepDir = false): Promise<void> {
    const children = [...this.children]
    for (const child of children) child.kill('SIGTERM')
    const all = Promise.all(children.map(exited))
    const late = await Promise.race([all.then(() => false), sleep(5_000).then(() => true)])
    if (late) {
      for (const child of this.children) child.kill('SIGKILL')
      await Promise.all([...this.children].map(exited))
    }
    await this.proxy?.stop().catch(() => undefined)
    this.postgres?.stopQuietly()
    if (!keepDir) {
      rmSync(this.dir, { recursive: true, force: true })
      if (this.postgres !== undefined) rmSync(this.postgres.dir, { recursive: true, force: true })
    }
  }
}

/** Whether `port` can be bound on 127.0.0.1 right now (nothing of ours left on it). */
export function portIsFree(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer()
    server.once('error', () => done(false))
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)))
  })
}
