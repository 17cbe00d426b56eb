/**
 * A throwaway Anvil (Foundry's EVM node, from the @foundry-rs/anvil package, whose binary ships in
 * the tarball) on a loopback port the system gives it (`--port 0`, read back from its "Listening on"
 * line): a chain the server has never seen, for the chain readers' tests. Picking a free port first
 * and binding it later raced other processes: a busy CI could hand the port to another node (the
 * devnet's own chain 31337), which then answered this test's calls. Stopped, and its port free
 * again, by `stop()`.
 */
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')

/** Anvil's first default account (the mnemonic every Anvil starts with): funded with 10,000 ETH. */
export const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

export interface Anvil {
  readonly url: string
  readonly chainId: number
  stop(): Promise<void>
}

export async function startAnvil(chainId = 31_999): Promise<Anvil> {
  const child = spawn(join(ROOT, 'node_modules/.bin/anvil'), ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId)], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
  // Its output is read to the end (a full pipe would stall it); the first "Listening on" names the port.
  let head = ''
  let named = false
  const listening = new Promise<number | undefined>((found) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (named) return
      head += chunk.toString()
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(head)
      if (match !== null) {
        named = true
        head = ''
        found(Number(match[1]))
      }
    })
    void exited.then(() => found(undefined))
  })
  const port = await listening
  if (port === undefined) throw new Error(`Anvil did not start: ${stderr}`)
  const url = `http://127.0.0.1:${port}`
  for (let attempt = 0; attempt < 100; attempt++) {
    const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }) }).then(
      (res) => (res.ok ? (res.json() as Promise<{ result?: string }>) : undefined),
      () => undefined,
    )
    if (answer?.result !== undefined) return { url, chainId, stop }
    if (child.exitCode !== null) break
    await new Promise((done) => setTimeout(done, 50))
  }
  await stop()
  throw new Error(`Anvil did not start on port ${port}: ${stderr}`)
}
