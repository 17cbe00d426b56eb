/**
 * Runs one Hardhat 2 node as a child process: `node <hardhat cli> node`, spawned with node directly
 * (a SIGTERM to npx would orphan the real node), with a preload that makes it exit with its parent.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEVNET_ACCOUNTS, DEVNET_HOST } from '../../config'

const here = dirname(fileURLToPath(import.meta.url))
const HARDHAT_CONFIG = join(here, '..', '..', '..', 'hardhat.config.cjs')
const WATCH_PARENT = join(here, '..', 'watch-parent.cjs')

function hardhatCli(): string {
  const pkg = createRequire(import.meta.url).resolve('hardhat/package.json')
  return join(dirname(pkg), 'internal', 'cli', 'cli.js')
}

export interface HardhatNode {
  chainId: number
  port: number
  rpcUrl: string
  pid: number
  /** Resolves with a reason if the node exits without stop() being called. */
  died: Promise<string>
  stop(): Promise<void>
}

/** Where the node's Hardhat config and the exit-with-parent preload live (files on disk). */
export interface HardhatFiles {
  config: string
  watchParent: string
}

export interface StartHardhatOptions {
  chainId: number
  port: number
  /** Default: the repository's devnet/hardhat.config.cjs and chains/watch-parent.cjs. */
  files?: HardhatFiles
  quiet?: boolean
  readyTimeoutMs?: number
}

async function rpcChainId(url: string): Promise<number | undefined> {
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    })
    const body = (await res.json()) as { result?: string }
    return body.result ? Number(body.result) : undefined
  } catch {
    return undefined
  }
}

function waitExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve(true)
    })
  })
}

export async function startHardhatNode(opts: StartHardhatOptions): Promise<HardhatNode> {
  const rpcUrl = `http://${DEVNET_HOST}:${opts.port}`
  if ((await rpcChainId(rpcUrl)) !== undefined) {
    throw new Error(`port ${opts.port} already answers JSON-RPC: is another devnet running?`)
  }
  const child = spawn(
    process.execPath,
    ['--require', opts.files?.watchParent ?? WATCH_PARENT, hardhatCli(), 'node', '--config', opts.files?.config ?? HARDHAT_CONFIG, '--port', String(opts.port), '--hostname', DEVNET_HOST],
    {
      env: {
        ...process.env,
        DEVNET_CHAIN_ID: String(opts.chainId),
        DEVNET_ACCOUNT_KEYS: DEVNET_ACCOUNTS.map((a) => a.privateKey).join(','),
        DEVNET_PARENT_PID: String(process.pid),
        HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
        NODE_OPTIONS: '',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A process group of its own: Ctrl-C at a terminal signals the devnet's group, and the devnet,
      // not the terminal, stops its chains (a chain killed under it would look like one that died).
      // The preload still ends it with the devnet, however the devnet ends.
      detached: true,
    },
  )
  let output = ''
  const collect = (chunk: Buffer): void => {
    if (output.length < 20_000) output += chunk.toString()
    if (!opts.quiet && process.env.DEVNET_HARDHAT_LOGGING === '1') process.stderr.write(chunk)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

  let stopping = false
  const died = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping) resolve(`hardhat node for chain ${opts.chainId} exited (${signal ?? code}):\n${output.slice(-2000)}`)
    })
  })
  const stop = async (): Promise<void> => {
    stopping = true
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    if (!(await waitExit(child, 3000))) {
      child.kill('SIGKILL')
      await waitExit(child, 3000)
    }
  }

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000)
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`hardhat node for chain ${opts.chainId} exited early:\n${output}`)
    }
    const id = await rpcChainId(rpcUrl)
    if (id === opts.chainId) break
    if (id !== undefined) {
      await stop()
      throw new Error(`port ${opts.port} answers chain ${id}, expected ${opts.chainId}`)
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`hardhat node for chain ${opts.chainId} not ready in time:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return { chainId: opts.chainId, port: opts.port, rpcUrl, pid: child.pid ?? -1, died, stop }
}
