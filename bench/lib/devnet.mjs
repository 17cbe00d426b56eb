// Starts the repository's devnet (`devnet/src/main.ts`) on free ports for the bench, so the
// Walletgate page talks to a real service and relay on 127.0.0.1 and never to a person's
// `npm start` on the default ports.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { REPO_DIR } from './build.mjs'

/** A port nothing listens on right now (the OS picks it). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

/** A free port whose next port is free too (the Solana chain's JSON-RPC and its WebSocket). */
export async function freePortPair() {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = await freePort()
    if (port >= 65535) continue
    const next = await new Promise((resolve) => {
      const server = createServer()
      server.unref()
      server.once('error', () => resolve(false))
      server.listen(port + 1, '127.0.0.1', () => server.close(() => resolve(true)))
    })
    if (next) return port
  }
  throw new Error('no free pair of ports')
}

/**
 * @returns {Promise<{ serviceUrl: string, relayUrl: string|null, rpcUrl: string, stop: () => Promise<void> } | { error: string }>}
 */
export async function startDevnet({ timeoutMs = 180_000 } = {}) {
  const main = join(REPO_DIR, 'devnet/src/main.ts')
  const tsx = join(REPO_DIR, 'node_modules/.bin/tsx')
  if (!existsSync(main)) return { error: 'devnet/src/main.ts does not exist yet' }
  if (!existsSync(tsx)) return { error: 'tsx is not installed (run npm ci at the repository root)' }
  const ports = { chainA: await freePort(), chainB: await freePort(), service: await freePort(), relay: await freePort(), solana: await freePortPair(), bitcoin: await freePort(), auth: await freePort(), smtp: await freePort(), farcaster: await freePort(), bundlerA: await freePort(), bundlerB: await freePort() }
  const dataDir = await mkdtemp(join(tmpdir(), 'walletgate-bench-devnet-'))
  const child = spawn(tsx, [main], {
    cwd: REPO_DIR,
    env: {
      ...process.env,
      DEVNET_CHAIN_A_PORT: String(ports.chainA),
      DEVNET_CHAIN_B_PORT: String(ports.chainB),
      DEVNET_SERVICE_PORT: String(ports.service),
      DEVNET_RELAY_PORT: String(ports.relay),
      DEVNET_SOLANA_PORT: String(ports.solana),
      DEVNET_BITCOIN_PORT: String(ports.bitcoin),
      DEVNET_AUTH_PORT: String(ports.auth),
      DEVNET_SMTP_PORT: String(ports.smtp),
      DEVNET_FARCASTER_PORT: String(ports.farcaster),
      DEVNET_BUNDLER_A_PORT: String(ports.bundlerA),
      DEVNET_BUNDLER_B_PORT: String(ports.bundlerB),
      DEVNET_DATA_DIR: dataDir,
      DEVNET_QUIET: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const exited = new Promise((resolve) => child.once('exit', resolve))
  let childPids = []
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))])
      if (!stopped) child.kill('SIGKILL')
    }
    // The chain nodes are watched for their parent's death, but make sure.
    for (const pid of childPids) {
      try {
        process.kill(pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    await rm(dataDir, { recursive: true, force: true }).catch(() => {})
  }
  let out = ''
  let err = ''
  child.stderr.on('data', (chunk) => (err = (err + chunk).slice(-4000)))
  const ready = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ error: `devnet not ready after ${timeoutMs / 1000} s` }), timeoutMs)
    child.stdout.on('data', (chunk) => {
      out += chunk
      const line = /^DEVNET_READY (.*)$/m.exec(out)
      if (line) {
        clearTimeout(timer)
        try {
          resolve(JSON.parse(line[1]))
        } catch (e) {
          resolve({ error: `unreadable DEVNET_READY line: ${e}` })
        }
      }
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      resolve({ error: `devnet exited with ${code}: ${err.trim().split('\n').slice(-3).join(' / ')}` })
    })
  })
  if (ready.error) {
    await stop()
    return { error: ready.error }
  }
  childPids = ready.childPids ?? []
  const relay = /^\s*relay\s+(\S+)/m.exec(out)
  const rpcUrl = Object.values(ready.rpcUrls ?? {})[0]
  return { serviceUrl: ready.serviceUrl, relayUrl: relay ? relay[1] : null, rpcUrl, readyMs: ready.readyMs, stop }
}
