/**
 * A throwaway Anvil (Foundry's EVM node, from the @foundry-rs/anvil package, whose binary ships in
 * the tarball) on a free loopback port: a chain the server has never seen, for the chain readers'
 * tests. Stopped, and its port free again, by `stop()`.
 */
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { freePort } from '../../tests/e2e/support/free-port.js'

const ROOT = resolve(fileURLToPath(import.meta.url), '../../..')

/** Anvil's first default account (the mnemonic every Anvil starts with): funded with 10,000 ETH. */
export const ANVIL_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

export interface Anvil {
  readonly url: string
  readonly chainId: number
  stop(): Promise<void>
}

export async function startAnvil(chainId = 31_999): Promise<Anvil> {
  const port = await freePort()
  const child = spawn(join(ROOT, 'node_modules/.bin/anvil'), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  const url = `http://127.0.0.1:${port}`
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited
  }
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
