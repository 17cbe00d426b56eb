/**
 * One ERC-4337 bundler per devnet chain: @pimlico/alto as a child process (spawned with node
 * directly, like the chains' nodes, and ending with its parent), for EntryPoint v0.7. Alto binds
 * 0.0.0.0 and has no host option, so a preload (bundler-preload.cjs) makes its server listen on
 * 127.0.0.1. Its executor and utility keys are the devnet's own (DEVNET_BUNDLER_KEY_INDEX), given
 * their money with anvil_setBalance, so nothing depends on what other parts spent.
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseEther, toHex, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEVNET_BUNDLER_KEY_INDEX, DEVNET_HOST, DEVNET_MNEMONIC, DEVNET_SMART_ACCOUNT } from '../../config'

const here = dirname(fileURLToPath(import.meta.url))
/** Binds alto's server to loopback and ends it with its parent (see the file). */
const PRELOAD = join(here, 'bundler-preload.cjs')
/** What each bundler key holds on start, per chain. */
const KEY_BALANCE = parseEther('1000')

export interface BundlerHandle {
  readonly chainId: number
  readonly url: string
  readonly pid: number
  /** Resolves with a reason if the bundler exits without stop() being called. */
  readonly died: Promise<string>
  stop(): Promise<void>
}

export interface StartBundlerOptions {
  chainId: number
  rpcUrl: string
  port: number
  quiet?: boolean
  readyTimeoutMs?: number
  /** Gives the start up: the child is stopped and the start rejects. */
  signal?: AbortSignal
}

function altoCli(): string {
  // The package exports only esm/index.js; its CLI sits beside it (resolved, never loaded here).
  const main = createRequire(import.meta.url).resolve('@pimlico/alto')
  return join(dirname(main), 'cli', 'alto.js')
}

function bundlerKey(index: number): { address: Hex; privateKey: Hex } {
  const account = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index })
  const privateKey = toHex(account.getHdKey().privateKey!)
  return { address: account.address, privateKey }
}

/** The bundlers' executor and utility keys (m/44'/60'/0'/0/11 and /12). */
export function bundlerKeys(): { executor: { address: Hex; privateKey: Hex }; utility: { address: Hex; privateKey: Hex } } {
  return { executor: bundlerKey(DEVNET_BUNDLER_KEY_INDEX.executor), utility: bundlerKey(DEVNET_BUNDLER_KEY_INDEX.utility) }
}

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(2000),
  })
  const body = (await res.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

export async function startBundler(opts: StartBundlerOptions): Promise<BundlerHandle> {
  const url = `http://${DEVNET_HOST}:${opts.port}`
  opts.signal?.throwIfAborted()
  const keys = bundlerKeys()
  for (const key of [keys.executor, keys.utility]) await rpc(opts.rpcUrl, 'anvil_setBalance', [key.address, toHex(KEY_BALANCE)])
  const args = [
    '--require', PRELOAD,
    altoCli(),
    '--entrypoints', DEVNET_SMART_ACCOUNT.entryPoint,
    '--rpc-url', opts.rpcUrl,
    '--executor-private-keys', keys.executor.privateKey,
    '--utility-private-key', keys.utility.privateKey,
    '--port', String(opts.port),
    // Anvil's debug_traceCall has no geth JS tracer, which alto's safe mode needs.
    '--safe-mode', 'false',
    '--refilling-wallets', 'false',
    '--utility-wallet-monitor', 'false',
    // The chain mines on arrival: a short block time makes receipts come back sooner.
    '--block-time', '100',
    '--min-bundle-interval', '50',
    '--max-bundle-interval', '200',
    // The embedded wallet's frame calls the bundler from its own origin.
    '--enable-cors', 'true',
    '--log-level', opts.quiet ? 'error' : 'warn',
  ]
  const child = spawn(process.execPath, args, {
    env: { ...process.env, DEVNET_PARENT_PID: String(process.pid), NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, as the chains' (anvil-node.ts): the devnet stops it, not Ctrl-C.
    detached: true,
  })
  let output = ''
  const collect = (chunk: Buffer): void => {
    if (output.length < 20_000) output += chunk.toString()
    if (!opts.quiet && process.env.DEVNET_BUNDLER_LOGGING === '1') process.stderr.write(chunk)
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  let stopping = false
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const died = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      if (!stopping) resolve(`bundler for chain ${opts.chainId} exited (${signal ?? code}):\n${output.slice(-2000)}`)
    })
  })
  const isGone = (): boolean => child.exitCode !== null || child.signalCode !== null
  const stop = async (): Promise<void> => {
    stopping = true
    if (isGone()) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
    await exited
    clearTimeout(timer)
  }

  const deadline = Date.now() + (opts.readyTimeoutMs ?? 60_000)
  for (;;) {
    if (isGone()) throw new Error(`bundler for chain ${opts.chainId} exited early:\n${output.slice(-4000)}`)
    if (opts.signal?.aborted) {
      await stop()
      throw new Error(`bundler for chain ${opts.chainId}: start given up`)
    }
    try {
      const entryPoints = (await rpc(url, 'eth_supportedEntryPoints')) as string[]
      if (entryPoints.some((e) => e.toLowerCase() === DEVNET_SMART_ACCOUNT.entryPoint.toLowerCase())) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`bundler for chain ${opts.chainId} not ready in time:\n${output.slice(-4000)}`)
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  return { chainId: opts.chainId, url, pid: child.pid ?? -1, died, stop }
}
