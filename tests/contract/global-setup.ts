/**
 * vitest globalSetup for the contract project: one devnet for the whole run, which test files read
 * with `inject('devnet')`. `npm test` hands it the e2e world's devnet (WALLETGATE_DEVNET, the
 * devnet's info as JSON: one devnet per run, the contract project first, then Playwright); run by
 * hand, the project starts its own on free ports with a temporary data directory.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { TestProject } from 'vitest/node'
import { bundlerKeys } from '../../devnet/src/chains/eip155/bundler'
import { DEVNET_FARCASTER_ACCOUNTS, farcasterCustody } from '../../devnet/src/farcaster/accounts'
import { installFarcasterRegistries } from '../../devnet/src/farcaster/registries'
import { devnetInfo, startDevnet, type DevnetInfo } from '../../devnet/src/index'
import { freePort, freePortPair } from '../e2e/support/free-port'

declare module 'vitest' {
  export interface ProvidedContext {
    devnet: DevnetInfo
  }
}

export { freePort } from '../e2e/support/free-port'

/**
 * Puts a shared devnet back the way the e2e suite found it after the project: no fault left in the
 * service's list, no request in its log, and both EVM chains started over from their funded start
 * (balances, nonces, the swap pools, the clock; the service's history forgets their old blocks). The suites send from
 * devnet accounts #0-#9, swap, set balances and move the chains' time (what each one changes is
 * written beside it); an evm_revert instead would leave the service's history ahead of the chain.
 * What the devnet redoes by itself on a fresh chain is awaited: the Farcaster registries (written
 * again here, which is idempotent) and each chain's bundler serving again.
 */
async function putBack(devnet: DevnetInfo): Promise<void> {
  const answered = async (what: string, res: Promise<Response>) => {
    const { ok, status } = await res
    if (!ok) throw new Error(`putting the shared devnet back: ${what} answered ${status}`)
  }
  const adminAuth = { authorization: `Bearer ${devnet.adminToken}` }
  await answered('DELETE /__admin/faults', fetch(`${devnet.serviceUrl}/__admin/faults`, { method: 'DELETE', headers: adminAuth }))
  // e2e files count requests in the service's log (smart-sessions: one revoke).
  await answered('DELETE /__admin/requests', fetch(`${devnet.serviceUrl}/__admin/requests`, { method: 'DELETE', headers: adminAuth }))
  for (const chainId of Object.keys(devnet.rpcUrls)) {
    await answered(`restarting chain ${chainId}`, fetch(`${devnet.serviceUrl}/__admin/chains/${chainId}/restart`, { method: 'POST', headers: adminAuth }))
  }
  const rpcA = devnet.rpcUrls[31337]
  if (devnet.farcasterUrl !== undefined && devnet.farcasterUrl !== '' && rpcA !== undefined) {
    await installFarcasterRegistries(rpcA, DEVNET_FARCASTER_ACCOUNTS.map((a) => ({ fid: a.fid, custody: farcasterCustody(a).address })))
  }
  for (const [chainId, bundlerUrl] of Object.entries(devnet.bundlerUrls)) await bundlerServesAgain(devnet.rpcUrls[Number(chainId)]!, bundlerUrl)
}

/**
 * A restarted chain's bundler is started again after the old one has stopped, and funds its
 * executor key on the fresh chain first: once that key holds ether there, whatever answers on the
 * bundler's port is the new one.
 */
async function bundlerServesAgain(rpcUrl: string, bundlerUrl: string): Promise<void> {
  const call = async (url: string, method: string, params: unknown[] = []): Promise<unknown> => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
    return ((await res.json()) as { result?: unknown }).result
  }
  const executor = bundlerKeys().executor.address
  const deadline = Date.now() + 120_000
  for (;;) {
    const funded = await call(rpcUrl, 'eth_getBalance', [executor, 'latest']).catch(() => undefined)
    const entryPoints = funded !== undefined && funded !== '0x0' ? await call(bundlerUrl, 'eth_supportedEntryPoints').catch(() => undefined) : undefined
    if (Array.isArray(entryPoints) && entryPoints.length > 0) return
    if (Date.now() > deadline) throw new Error(`putting the shared devnet back: the bundler at ${bundlerUrl} did not serve again`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Set by a runner that started a devnet itself (scripts/test.mjs): the devnet's info as JSON. */
export const SHARED_DEVNET_ENV = 'WALLETGATE_DEVNET'

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const shared = process.env[SHARED_DEVNET_ENV]
  if (shared !== undefined && shared !== '') {
    const devnet = JSON.parse(shared) as DevnetInfo
    project.provide('devnet', devnet)
    return () => putBack(devnet)
  }
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
