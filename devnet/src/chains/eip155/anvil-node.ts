/**
 * Runs one Anvil node (Foundry's EVM node, the native binary the npm package @foundry-rs/anvil
 * ships per platform) as a child process. The binary is spawned directly: the package's `anvil`
 * bin is a node wrapper, and a signal to a wrapper can orphan the real node. A native process takes
 * no preload, so a small node watcher (kill-with-parent.cjs) runs beside it and kills it when the
 * devnet process dies, even by SIGKILL.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { DEVNET_ACCOUNTS, DEVNET_HOST, DEVNET_MNEMONIC } from '../../config'

const here = dirname(fileURLToPath(import.meta.url))
const KILL_WITH_PARENT = join(here, '..', 'kill-with-parent.cjs')

/**
 * What Hardhat 2's node had, kept so nothing the devnet's users see changes: its hardfork (Anvil's
 * default is the later BPO1) and its block gas limit (Anvil's default is 30 million).
 */
const HARDFORK = 'osaka'
const BLOCK_GAS_LIMIT = 60_000_000
/** Each account's starting balance, in ether. */
const ACCOUNT_BALANCE = 10_000

/** The platform package's folder name part: @foundry-rs/anvil-<os>-<arch>. */
function platformPackage(): string {
  const arch = ({ x64: 'amd64', arm64: 'arm64' } as Record<string, string>)[process.arch]
  const os = ({ linux: 'linux', darwin: 'darwin', win32: 'win32' } as Record<string, string>)[process.platform]
  if (arch === undefined || os === undefined) throw new Error(`@foundry-rs/anvil ships no binary for ${process.platform}-${process.arch}`)
  return `@foundry-rs/anvil-${os}-${arch}`
}

/** The native anvil binary, resolved from where @foundry-rs/anvil is installed. */
export function anvilBinary(): string {
  // The platform package is an optional dependency of @foundry-rs/anvil: resolve it from there.
  const wrapper = createRequire(import.meta.url).resolve('@foundry-rs/anvil/package.json')
  return createRequire(wrapper).resolve(`${platformPackage()}/bin/anvil${process.platform === 'win32' ? '.exe' : ''}`)
}

export interface AnvilNode {
  chainId: number
  port: number
  rpcUrl: string
  pid: number
  /** Resolves with a reason if the node exits without stop() being called. */
  died: Promise<string>
  stop(): Promise<void>
}

/** Where the parent watcher lives (a file on disk; the test kit writes its own copy). */
export interface ChainFiles {
  killWithParent: string
}

export interface StartAnvilOptions {
  chainId: number
  port: number
  /** Default: the repository's chains/kill-with-parent.cjs. */
  files?: ChainFiles
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

export async function startAnvilNode(opts: StartAnvilOptions): Promise<AnvilNode> {
  const rpcUrl = `http://${DEVNET_HOST}:${opts.port}`
  if ((await rpcChainId(rpcUrl)) !== undefined) {
    throw new Error(`port ${opts.port} already answers JSON-RPC: is another devnet running?`)
  }
  const logging = !opts.quiet && process.env.DEVNET_ANVIL_LOGGING === '1'
  const args = [
    '--host', DEVNET_HOST,
    '--port', String(opts.port),
    '--chain-id', String(opts.chainId),
    '--hardfork', HARDFORK,
    '--gas-limit', String(BLOCK_GAS_LIMIT),
    // Anvil's defaults, written out: the devnet's accounts are the first ten of this mnemonic.
    '--mnemonic', DEVNET_MNEMONIC,
    '--accounts', String(DEVNET_ACCOUNTS.length),
    '--balance', String(ACCOUNT_BALANCE),
    // Without --block-time, Anvil mines every transaction in its own block as it arrives.
    ...(logging ? [] : ['--silent']),
  ]
  const child = spawn(anvilBinary(), args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own: Ctrl-C at a terminal signals the devnet's group, and the devnet,
    // not the terminal, stops its chains (a chain killed under it would look like one that died).
    detached: true,
  })
  // Spawned at once after the node, so there is no moment in which the devnet could die unwatched.
  const watcher =
    child.pid === undefined
      ? undefined
      : spawn(process.execPath, [opts.files?.killWithParent ?? KILL_WITH_PARENT], {
          env: { ...process.env, DEVNET_PARENT_PID: String(process.pid), DEVNET_WATCHED_PID: String(child.pid), NODE_OPTIONS: '' },
          stdio: 'ignore',
          detached: true,
        })
  watcher?.on('error', () => undefined)
  let output = ''
  let spawnError: Error | undefined
  child.once('error', (error) => (spawnError = error))
  const collect = (chunk: Buffer): void => {
    if (output.length < 20_000) output += chunk.toString()
    if (logging) process.stderr.write(chunk)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

  let stopping = false
  const died = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      watcher?.kill('SIGKILL')
      if (!stopping) resolve(`anvil node for chain ${opts.chainId} exited (${signal ?? code}):\n${output.slice(-2000)}`)
    })
  })
  const stop = async (): Promise<void> => {
    stopping = true
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      child.kill('SIGTERM')
      if (!(await waitExit(child, 3000))) {
        child.kill('SIGKILL')
        await waitExit(child, 3000)
      }
    }
    if (watcher !== undefined) {
      watcher.kill('SIGKILL')
      await waitExit(watcher, 3000)
    }
  }

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000)
  for (;;) {
    if (spawnError !== undefined || child.exitCode !== null || child.signalCode !== null) {
      await stop()
      throw new Error(`anvil node for chain ${opts.chainId} exited early: ${spawnError?.message ?? ''}\n${output}`)
    }
    const id = await rpcChainId(rpcUrl)
    if (id === opts.chainId) break
    if (id !== undefined) {
      await stop()
      throw new Error(`port ${opts.port} answers chain ${id}, expected ${opts.chainId}`)
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`anvil node for chain ${opts.chainId} not ready in time:\n${output}`)
    }
    await new Promise((r) => setTimeout(r, 20))
  }
  return { chainId: opts.chainId, port: opts.port, rpcUrl, pid: child.pid ?? -1, died, stop }
}
