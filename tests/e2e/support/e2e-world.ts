import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { build, preview } from 'vite'
import { devnetInfo, startDevnet, type DevnetHandle, type DevnetInfo } from '../../../devnet/src/index'
import { postgresBinaries, startPostgresCluster } from '../../../server/test/postgres-cluster'
import { freePort, freePortPair } from './free-port'
import { startRpcProxy } from './rpc-proxy'
import type { E2eWorld } from './world'

export interface RunningE2eWorld {
  readonly world: E2eWorld
  /** What the demo was built with (VITE_WG_*, DEMO_*): a test that serves the demo itself (the dev server) needs it too. */
  readonly demoEnv: Readonly<Record<string, string>>
  /** The devnet itself, as the contract project's global setup provides it: `npm test` runs that project on this devnet too. */
  readonly devnet: DevnetInfo
  stop(): Promise<void>
}

/**
 * Starts a devnet on free ports with its own data directory, builds the demo for those ports
 * and serves the production build under the strict CSP. `stop` ends all of it.
 */
export async function startE2eWorld(): Promise<RunningE2eWorld> {
  const [chainA, chainB, service, relay, demo] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()])
  const dataDir = mkdtempSync(join(tmpdir(), 'walletgate-e2e-'))
  const solana = await freePortPair()
  const [bitcoin, auth, smtp, farcaster, bundlerA, bundlerB] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort(), freePort()])
  // The server keeps its data, and the embedded wallets' accounts and sealed keys, on a real
  // PostgreSQL as a host's does (PGlite only where PostgreSQL is not installed).
  const postgres = postgresBinaries() === undefined ? undefined : startPostgresCluster(await freePort())
  let devnet: DevnetHandle
  try {
    devnet = await startDevnet({
      ports: { chainA, chainB, service, relay, solana, bitcoin, auth, smtp, farcaster, bundlerA, bundlerB },
      dataDir,
      quiet: true,
      ...(postgres === undefined ? {} : { databaseUrl: postgres.url }),
    })
  } catch (error) {
    postgres?.stop()
    throw error
  }
  const cleanUp = async () => {
    await devnet.stop()
    postgres?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    return await serveDemo(devnet, { relay, demo, dataDir }, cleanUp)
  } catch (error) {
    await cleanUp()
    throw error
  }
}

async function serveDemo(devnet: DevnetHandle, ports: { relay: number; demo: number; dataDir: string }, cleanUp: () => Promise<void>): Promise<RunningE2eWorld> {
  const { relay, demo, dataDir } = ports

  const rpcA = devnet.rpcUrls[31337]
  const rpcB = devnet.rpcUrls[31338]
  if (rpcA === undefined || rpcB === undefined) throw new Error('devnet did not report both chains')
  const relayUrl = devnet.relayUrl ?? `ws://127.0.0.1:${relay}`
  // Devnet A's first RPC URL is a proxy tests can kill, so the fallback transport is exercised.
  const proxyA = await startRpcProxy(rpcA, await freePort(), await freePort())
  const demoEnv = {
    VITE_WG_PROJECT_ID: 'walletgate-test',
    VITE_WG_SERVICE_URL: devnet.serviceUrl,
    VITE_WG_RPC_A: rpcA,
    VITE_WG_RPC_B: rpcB,
    VITE_WG_RPC_A_PRIMARY: proxyA.url,
    VITE_WG_RELAY_URL: relayUrl,
    VITE_WG_SOLANA_RPC: devnet.solanaRpcUrl,
    VITE_WG_SOLANA_WS: devnet.solanaWsUrl,
    VITE_WG_BITCOIN_ESPLORA: devnet.bitcoinEsploraUrl,
    VITE_WG_AUTH_URL: devnet.authUrl,
    DEMO_PORT: String(demo),
    DEMO_OUT_DIR: join(dataDir, 'demo-dist'),
  }
  Object.assign(process.env, demoEnv)
  let server: Awaited<ReturnType<typeof preview>>
  try {
    await build({ configFile: 'vite.demo.config.ts', logLevel: 'warn' })
    server = await preview({ configFile: 'vite.demo.config.ts', logLevel: 'warn' })
  } catch (error) {
    await proxyA.stop()
    throw error
  }

  const world: E2eWorld = {
    baseUrl: `http://127.0.0.1:${demo}`,
    serviceUrl: devnet.serviceUrl,
    adminToken: devnet.adminToken,
    rpcUrls: { 31337: rpcA, 31338: rpcB },
    rpcProxyA: { url: proxyA.url, controlUrl: proxyA.controlUrl },
    relayUrl,
    solanaRpcUrl: devnet.solanaRpcUrl,
    solanaWsUrl: devnet.solanaWsUrl,
    bitcoinEsploraUrl: devnet.bitcoinEsploraUrl,
    authUrl: devnet.authUrl,
    farcasterUrl: devnet.farcasterUrl ?? '',
    bundlerUrls: { 31337: devnet.bundlerUrls[31337]!, 31338: devnet.bundlerUrls[31338]! },
    accounts: devnet.accounts.map(({ address, privateKey }) => ({ address, privateKey })),
  }
  return {
    world,
    demoEnv,
    devnet: devnetInfo(devnet),
    stop: async () => {
      await new Promise<void>((resolve) => server.httpServer.close(() => resolve()))
      await proxyA.stop()
      await cleanUp()
    },
  }
}
