/**
 * The devnet as `walletgate/testing` starts it for a host's own tests (`dist/testing/devnet.js`):
 * the two EVM chains and the blockchain service, and on request the Solana chain and the
 * WalletConnect relay. The contracts come compiled with the package (no solc); the chain nodes'
 * parent watcher is written to the run's own temporary folder, with its data. Anvil
 * (@foundry-rs/anvil) and each part's packages are the host's optional peer dependencies: one that
 * is missing is named, with the command that installs it, before anything starts.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import artifacts from 'virtual:walletgate-devnet-artifacts'
import type { StartTestDevnetOptions, TestDevnetCore, TestDevnetModule, TestDevnetPortName } from '../../../src/testing/types'
import { missingPeerError, packageNotFound, requirePeers } from '../../../src/testing/peers'
import killWithParent from '../chains/kill-with-parent.cjs?raw'
import { DEVNET_CHAIN_A, DEVNET_CHAIN_B, DEVNET_DEFAULT_PORTS, DEVNET_HOST } from '../config'
import { startDevnet } from '../index'

function canResolve(name: string): boolean {
  // Some peers have no main module (@foundry-rs/anvil ships a binary): their package.json will do.
  for (const specifier of [name, `${name}/package.json`]) {
    try {
      import.meta.resolve(specifier)
      return true
    } catch {
      // try the next
    }
  }
  return false
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, DEVNET_HOST, () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, DEVNET_HOST, () => server.close(() => resolve(true)))
  })
}

/** Solana takes two ports in a row (JSON-RPC, then its PubSub WebSocket). */
async function freePortPair(): Promise<number> {
  for (;;) {
    const port = await freePort()
    if (port < 65535 && (await portIsFree(port + 1))) return port
  }
}

async function choosePorts(option: StartTestDevnetOptions['ports']): Promise<Record<TestDevnetPortName, number>> {
  if (option === 'default') return { ...DEVNET_DEFAULT_PORTS }
  const given = typeof option === 'object' ? option : {}
  return {
    chainA: given.chainA ?? (await freePort()),
    chainB: given.chainB ?? (await freePort()),
    service: given.service ?? (await freePort()),
    relay: given.relay ?? (await freePort()),
    solana: given.solana ?? (await freePortPair()),
  }
}

async function startTestDevnet(options: StartTestDevnetOptions): Promise<TestDevnetCore> {
  const parts = { solana: options.parts?.solana === true, relay: options.parts?.relay === true }
  requirePeers(parts, canResolve)
  const ports = await choosePorts(options.ports)
  const dir = await mkdtemp(join(tmpdir(), 'walletgate-test-devnet-'))
  const files = { killWithParent: join(dir, 'kill-with-parent.cjs') }
  await writeFile(files.killWithParent, killWithParent)
  try {
    const devnet = await startDevnet({
      ports,
      dataDir: join(dir, 'data'),
      quiet: options.verbose !== true,
      relay: parts.relay,
      solana: parts.solana,
      // Not a part of the kit yet: a host's EVM tests need no Bitcoin chain.
      bitcoin: false,
      // Nor a bundler: @pimlico/alto is the devnet's own dependency, not a host's.
      bundlers: false,
      // Not a part of the kit yet either (email login needs the SMTP packages).
      auth: false,
      farcaster: false,
      artifacts: () => Promise.resolve(artifacts),
      chainFiles: files,
      ...(options.projectIds ? { projectIds: options.projectIds } : {}),
    })
    const origin = (port: number) => `http://${DEVNET_HOST}:${port}`
    const defaultOrigins: Record<string, string> = {
      [origin(DEVNET_DEFAULT_PORTS.chainA)]: origin(ports.chainA),
      [origin(DEVNET_DEFAULT_PORTS.chainB)]: origin(ports.chainB),
      [origin(DEVNET_DEFAULT_PORTS.service)]: origin(ports.service),
      ...(parts.relay ? { [`ws://${DEVNET_HOST}:${DEVNET_DEFAULT_PORTS.relay}`]: `ws://${DEVNET_HOST}:${ports.relay}` } : {}),
      ...(parts.solana ? { [origin(DEVNET_DEFAULT_PORTS.solana)]: origin(ports.solana) } : {}),
    }
    return {
      chains: [
        { id: DEVNET_CHAIN_A.id, name: DEVNET_CHAIN_A.name, rpcUrl: devnet.rpcUrls[DEVNET_CHAIN_A.id]! },
        { id: DEVNET_CHAIN_B.id, name: DEVNET_CHAIN_B.name, rpcUrl: devnet.rpcUrls[DEVNET_CHAIN_B.id]! },
      ],
      serviceUrl: devnet.serviceUrl,
      ...(devnet.relayUrl === undefined ? {} : { relayUrl: devnet.relayUrl }),
      ...(parts.solana ? { solanaRpcUrl: devnet.solanaRpcUrl } : {}),
      accounts: devnet.accounts,
      projectId: devnet.projectId,
      defaultOrigins,
      async stop() {
        await devnet.stop()
        await rm(dir, { recursive: true, force: true })
      },
    }
  } catch (error) {
    await rm(dir, { recursive: true, force: true })
    // A package the devnet imports deeper down than the checks above look.
    const missing = packageNotFound(error)
    throw missing === undefined ? error : missingPeerError({ name: missing, purpose: 'run the devnet' })
  }
}

export default { startTestDevnet } satisfies TestDevnetModule
export { startTestDevnet }
