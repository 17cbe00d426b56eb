/**
 * vitest globalSetup for the contract project: one devnet on free ports with a temporary data
 * directory for the whole run. Test files read it with `inject('devnet')`.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { devnetInfo, startDevnet, type DevnetInfo } from '../../devnet/src/index'
import { freePortPair } from '../e2e/support/free-port'

declare module 'vitest' {
  export interface ProvidedContext {
    devnet: DevnetInfo
  }
}

/** A port the OS reports free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.unref()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolve(port))
    })
  })
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const ports = new Set<number>()
  while (ports.size < 7) ports.add(await freePort())
  const [chainA, chainB, service, relay, bitcoin, auth, smtp] = [...ports] as [number, number, number, number, number, number, number]
  const dataDir = await mkdtemp(join(tmpdir(), 'walletgate-contract-'))
  const solana = await freePortPair()
  const farcaster = await freePort()
  // No bundlers: the suites that send user operations start one on these chains (tests/contract/smart-accounts/bundler.ts).
  const devnet = await startDevnet({ ports: { chainA, chainB, service, relay, solana, bitcoin, auth, smtp, farcaster }, dataDir, quiet: true, bundlers: false })
  project.provide('devnet', devnetInfo(devnet))
  return async () => {
    await devnet.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
