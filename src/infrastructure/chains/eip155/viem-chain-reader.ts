import type { CaipNetwork } from '../../../domain/entities'
import { UnsupportedChainReadError, type ChainReader } from '../../../ports/chain-reader'
import { FALLBACK_TRANSPORT_OPTIONS, HTTP_TRANSPORT_OPTIONS } from './rpc-transport-options'

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
    const { createPublicClient, defineChain, fallback, http } = await import('viem')
    const chain = defineChain({
      id: Number(network.id),
      name: network.name,
      nativeCurrency: network.nativeCurrency,
      rpcUrls: { default: { http: network.rpcUrls } },
    })
    const transports = network.rpcUrls.map((url) =>
      http(url, {
        timeout: HTTP_TRANSPORT_OPTIONS.timeout,
        retryCount: HTTP_TRANSPORT_OPTIONS.retryCount,
        batch: { batchSize: HTTP_TRANSPORT_OPTIONS.batch.batchSize },
      }),
    )
    const { rank, retryCount, retryDelay } = FALLBACK_TRANSPORT_OPTIONS
    // The ranking pings go through their own unbatched transport per URL. Sent through the read
    // transports, a ping joins the same JSON-RPC batch as a read and the whole batch gets the
    // ping's 1 s limit instead of the reads' 10 s: a slow node would fail a first read early.
    const pingers = new Map(
      network.rpcUrls.map((url) => [url, http(url, { batch: false, retryCount: 0, timeout: rank.timeout })({ chain, retryCount: 0 })]),
    )
    const transport = fallback(transports, {
      retryCount,
      retryDelay,
      rank: {
        interval: rank.interval,
        sampleCount: rank.sampleCount,
        timeout: rank.timeout,
        weights: { ...rank.weights },
        // viem's ranking loop cannot be stopped; once disposed its pings make no request.
        ping: async ({ transport: t }) => {
          if (this.disposed) return
          const url = (t.value as { url?: string } | undefined)?.url
          const pinger = url === undefined ? undefined : pingers.get(url)
          await (pinger ?? t).request({ method: 'net_listening' })
        },
      },
    })
    return createPublicClient({ chain, transport })
  }
}
