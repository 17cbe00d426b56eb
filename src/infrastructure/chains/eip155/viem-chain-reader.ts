import type { CaipNetwork } from '../../../domain/entities'
import { UnsupportedChainReadError, type ChainReader } from '../../../ports/chain-reader'

interface ReadClient {
  getBalance(args: { address: `0x${string}` }): Promise<bigint>
}

/**
 * {@link ChainReader} for eip155 networks over viem public clients. viem is imported the first
 * time a read is made (never at module load), so it stays out of the modal's initial bundle.
 * One client per network and RPC URL list: a fallback transport over every URL, ranked in the
 * background (spec section 9), each URL an HTTP transport with batching and the request timeout.
 */
export class ViemChainReader implements ChainReader {
  private readonly clients = new Map<string, Promise<ReadClient>>()
  private disposed = false

  async getNativeBalance(network: CaipNetwork, address: string, options: { signal?: AbortSignal } = {}): Promise<bigint> {
    if (network.chainNamespace !== 'eip155') throw new UnsupportedChainReadError(network.chainNamespace)
    options.signal?.throwIfAborted()
    const client = await this.client(network)
    options.signal?.throwIfAborted()
    return client.getBalance({ address: address as `0x${string}` })
  }

  dispose(): void {
    this.disposed = true
    this.clients.clear()
  }

  private client(network: CaipNetwork): Promise<ReadClient> {
    const key = `${network.caipNetworkId}|${network.rpcUrls.join(',')}`
    let client = this.clients.get(key)
    if (client === undefined) {
      client = this.createClient(network)
      this.clients.set(key, client)
      // A failed import is not cached: the next read tries again.
      client.catch(() => this.clients.delete(key))
    }
    return client
  }

  private async createClient(network: CaipNetwork): Promise<ReadClient> {
    const [{ createPublicClient, defineChain }, { rankedRpcFallback }] = await Promise.all([import('viem'), import('./rpc-fallback')])
    const chain = defineChain({
      id: Number(network.id),
      name: network.name,
      nativeCurrency: network.nativeCurrency,
      rpcUrls: { default: { http: network.rpcUrls } },
    })
    const transport = rankedRpcFallback(network.rpcUrls, () => this.disposed, chain)
    return createPublicClient({ chain, transport })
  }
}
