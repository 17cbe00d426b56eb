/**
 * A bundler on the shared contract-test devnet's chain A, started by the suites that need one (the
 * shared devnet starts none: most suites never send a user operation, and each bundler costs
 * seconds and memory).
 */
import { createServer } from 'node:net'
import { startBundler, type BundlerHandle } from '../../../devnet/src/chains/eip155/bundler'
import type { SmartAccountChain } from '../../../devnet/src/auth/smart-account'
import { devnet } from '../devnet/helpers'

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

export async function startChainABundler(): Promise<{ bundler: BundlerHandle; chain: SmartAccountChain }> {
  const rpcUrl = devnet.rpcUrls[31337]!
  const bundler = await startBundler({ chainId: 31337, rpcUrl, port: await freePort(), quiet: true })
  return { bundler, chain: { chainId: 31337, rpcUrl, bundlerUrl: bundler.url } }
}
