/**
 * A bundler on the contract-test devnet's chain A for the suites that need one. The devnet the
 * project starts for itself has none (most suites never send a user operation, and each bundler
 * costs seconds and memory), so they start one; the e2e world's devnet (`npm test`) has its own,
 * and a second alto on that chain would send from the same executor key, racing its nonces: they use
 * that one, and leave it running.
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
  const running = devnet.bundlerUrls[31337]
  if (running !== undefined) {
    const bundler: BundlerHandle = { chainId: 31337, url: running, pid: 0, died: new Promise<string>(() => undefined), stop: async () => undefined }
    return { bundler, chain: { chainId: 31337, rpcUrl, bundlerUrl: running } }
  }
  const bundler = await startBundler({ chainId: 31337, rpcUrl, port: await freePort(), quiet: true })
  return { bundler, chain: { chainId: 31337, rpcUrl, bundlerUrl: bundler.url } }
}
