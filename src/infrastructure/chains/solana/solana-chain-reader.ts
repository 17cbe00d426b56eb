import type { CaipNetwork } from '../../../domain/entities'
import { UnsupportedChainReadError, type ChainReader } from '../../../ports/chain-reader'
import type { SolanaRpc } from './solana-rpc'
import { withSolanaSdk } from './sdk'

/**
 * {@link ChainReader} for Solana networks: `getBalance` (lamports) over the network's RPC URLs with
 * fallback and bounded waits (SolanaRpc, imported with the first read).
 */
export class SolanaChainReader implements ChainReader {
  private readonly clients = new Map<string, Promise<SolanaRpc>>()

  async getNativeBalance(network: CaipNetwork, address: string, options: { signal?: AbortSignal } = {}): Promise<bigint> {
    if (network.chainNamespace !== 'solana') throw new UnsupportedChainReadError(network.chainNamespace)
    options.signal?.throwIfAborted()
    const rpc = await this.client(network)
    const answer = await rpc.call<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }], options.signal)
    return BigInt(answer.value)
  }

  dispose(): void {
    this.clients.clear()
  }

  private client(network: CaipNetwork): Promise<SolanaRpc> {
    const key = `${network.caipNetworkId}|${network.rpcUrls.join(',')}`
    let client = this.clients.get(key)
    if (client === undefined) {
      client = withSolanaSdk(() => import('./solana-rpc')).then(({ SolanaRpc }) => new SolanaRpc(network.rpcUrls))
      this.clients.set(key, client)
      client.catch(() => this.clients.delete(key))
    }
    return client
  }
}
