import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { connect, createServer } from 'node:net'
import { constants as osConstants, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { freePort } from '../global-setup'
import { freePortPair } from '../../e2e/support/free-port'

const repoRoot = resolve(import.meta.dirname, '..', '..', '..')

interface Ready {
  serviceUrl: string
  adminToken: string
  rpcUrls: Record<string, string>
  childPids: number[]
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((done) => {
    const socket = connect({ host: '127.0.0.1', port })
    socket.once('connect', () => {
      socket.destroy()
      done(true)
    })
    socket.once('error', () => done(false))
  })
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

async function until(check: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms
  while (Date.now() < end) {
    if (check()) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return check()
}

const started: { child: ChildProcess; ready?: Ready; dataDir: string }[] = []

/**
 * Starts the devnet CLI. `terminal`: as `npm start` in a terminal runs it, the leader of a process
 * group of its own (Ctrl-C signals the whole group, children included), and not quiet (what a
 * person reads is collected in `output()`).
 */
async function startCli(
  via: 'node' | 'tsx',
  terminal = false,
): Promise<{ child: ChildProcess; ready: Ready; ports: number[]; output: () => string }> {
  // Eleven ports, all different: the OS may hand the same free port to two calls in a row.
  const picked = new Set<number>()
  const distinct = async (pair = false): Promise<number> => {
    for (;;) {
      const port = pair ? await freePortPair() : await freePort()
      const taken = pair ? [port, port + 1] : [port]
      if (taken.some((p) => picked.has(p))) continue
      for (const p of taken) picked.add(p)
      return port
    }
  }
  const ports: number[] = []
  for (let i = 0; i < 11; i++) ports.push(await distinct(i === 4))
  const dataDir = await mkdtemp(join(tmpdir(), 'walletgate-cli-'))
  const args = via === 'node' ? ['--import', 'tsx', 'devnet/src/main.ts'] : [join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'devnet/src/main.ts']
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      DEVNET_CHAIN_A_PORT: String(ports[0]),
      DEVNET_CHAIN_B_PORT: String(ports[1]),
      DEVNET_SERVICE_PORT: String(ports[2]),
      DEVNET_RELAY_PORT: String(ports[3]),
      DEVNET_SOLANA_PORT: String(ports[4]),
      DEVNET_BITCOIN_PORT: String(ports[5]),
      DEVNET_FARCASTER_PORT: String(ports[6]),
      DEVNET_AUTH_PORT: String(ports[7]),
      DEVNET_SMTP_PORT: String(ports[8]),
      DEVNET_BUNDLER_A_PORT: String(ports[9]),
      DEVNET_BUNDLER_B_PORT: String(ports[10]),
      DEVNET_DATA_DIR: dataDir,
      DEVNET_QUIET: terminal ? '0' : '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: terminal,
  })
  const entry: { child: ChildProcess; ready?: Ready; dataDir: string } = { child, dataDir }
  started.push(entry)
  let out = ''
  let err = ''
  child.stderr!.on('data', (c: Buffer) => (err += c.toString()))
  const ready = await new Promise<Ready>((done, fail) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      const line = out.split('\n').find((l) => l.startsWith('DEVNET_READY '))
      if (line) done(JSON.parse(line.slice('DEVNET_READY '.length)) as Ready)
    })
    child.once('exit', (code) => fail(new Error(`devnet CLI exited (${code}) before ready:\n${err}`)))
  })
  entry.ready = ready
  expect(out).toContain('Funded accounts')
  // The Solana devnet's PubSub WebSocket listens on the port after its JSON-RPC port.
  return { child, ready, ports: [...ports, ports[4]! + 1], output: () => out + err }
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve({ code: child.exitCode, signal: child.signalCode })
  return new Promise((done) => child.once('exit', (code, signal) => done({ code, signal })))
}

afterEach(async () => {
  for (const { child, ready, dataDir } of started.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
    for (const pid of ready?.childPids ?? []) if (alive(pid)) process.kill(pid, 'SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  }
})

// Devnets of its own, through the CLI: their start and their stop on a signal are the subject.
describe('the devnet CLI stops everything', () => {
  for (const [signal, via] of [
    ['SIGINT', 'node'],
    ['SIGTERM', 'node'],
    ['SIGTERM', 'tsx'],
  ] as const) {
    it(`on ${signal} (${via === 'tsx' ? 'through the tsx CLI, as npm run devnet' : 'node --import tsx'}): no port open, no child left`, { timeout: 180_000 }, async () => {
      // SIGINT is Ctrl-C at a terminal: it reaches the whole process group, the chains included.
      const terminal = signal === 'SIGINT'
      const { child, ready, ports, output } = await startCli(via, terminal)
      // Two Anvil nodes and two bundlers.
      expect(ready.childPids).toHaveLength(4)
      expect(ready.childPids.every(alive)).toBe(true)
      expect(await portOpen(ports[0]!)).toBe(true)
      expect(await portOpen(ports[2]!)).toBe(true)

      if (terminal) process.kill(-child.pid!, signal)
      else child.kill(signal)
      const exit = await exited(child)
      // A chain the devnet is stopping is not one that died: it is not started again.
      expect(output()).not.toContain('starting it again')
      if (via === 'node') {
        expect(exit).toEqual({ code: 0, signal: null })
        expect(ready.childPids.filter(alive)).toEqual([])
      } else {
        // tsx relays the signal, and SIGKILLs its child if the child does not acknowledge it within
        // 30 ms (a busy machine); the devnet's pid gone, the Anvil nodes' watchers kill them and the
        // bundlers end themselves.
        expect([0, 128 + osConstants.signals[signal]]).toContain(exit.code)
        expect(await until(() => ready.childPids.every((pid) => !alive(pid)), 10_000)).toBe(true)
      }
      for (const port of ports) expect(await portOpen(port)).toBe(false)
    })
  }

  it('starts a chain that dies under it again on the same port, and keeps serving', { timeout: 180_000 }, async () => {
    const { child, ready, ports } = await startCli('node')
    const [deadPid, otherPid] = ready.childPids as [number, number]
    process.kill(deadPid, 'SIGKILL')
    const chainA = async (): Promise<{ state: string; pid: number } | undefined> => {
      const res = await fetch(`${ready.serviceUrl}/__admin/chains`, { headers: { authorization: `Bearer ${ready.adminToken}` } })
      const body = (await res.json()) as { chains: { chainId: number; state: string; pid: number }[] }
      return body.chains.find((c) => c.chainId === 31337)
    }
    let revived: { state: string; pid: number } | undefined
    const end = Date.now() + 60_000
    while (Date.now() < end) {
      revived = await chainA()
      if (revived?.state === 'up' && revived.pid !== deadPid) break
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(revived).toMatchObject({ state: 'up' })
    expect(alive(revived!.pid)).toBe(true)
    expect(alive(otherPid)).toBe(true)
    expect(child.exitCode).toBeNull()
    expect(await portOpen(ports[0]!)).toBe(true)

    child.kill('SIGTERM')
    expect(await exited(child)).toEqual({ code: 0, signal: null })
    expect([revived!.pid, otherPid].filter(alive)).toEqual([])
    for (const port of ports) expect(await portOpen(port)).toBe(false)
  })

  it('stops everything and exits 1 when a dead chain cannot be started again (its port taken)', { timeout: 180_000 }, async () => {
    const { child, ready, ports } = await startCli('node')
    // Down for 5 s, and meanwhile something else takes the port: both restart attempts fail.
    const killed = await fetch(`${ready.serviceUrl}/__admin/chains/31337/kill?downMs=5000`, { method: 'POST', headers: { authorization: `Bearer ${ready.adminToken}` } })
    expect(killed.status).toBe(202)
    const squatter = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => squatter.listen(ports[0], '127.0.0.1', resolve))
    try {
      const exit = await exited(child)
      expect(exit).toEqual({ code: 1, signal: null })
      expect(ready.childPids.filter(alive)).toEqual([])
      for (const port of ports.slice(1)) expect(await portOpen(port)).toBe(false)
    } finally {
      await new Promise<void>((resolve) => squatter.close(() => resolve()))
    }
  })

  it('children stop by themselves when the devnet process is killed outright', { timeout: 180_000 }, async () => {
    const { child, ready, ports } = await startCli('node')
    child.kill('SIGKILL')
    await exited(child)
    expect(await until(() => ready.childPids.every((pid) => !alive(pid)), 10_000)).toBe(true)
    expect(await portOpen(ports[0]!)).toBe(false)
    expect(await portOpen(ports[1]!)).toBe(false)
  })
})
