/**
 * The read-only RPC calls of a WalletConnect session (balances, gas estimates, receipts, nonces:
 * whatever the session's wallet did not approve as its own method) over the network's whole RPC
 * list, with the same fallback browser-wallet reads get (viem-chain-reader.ts): every URL an HTTP
 * transport with the request timeout and batching, tried in rank order (stability and latency,
 * re-ranked in the background), the whole list retried from 150 ms.
 *
 * Why not the SDK's own path: UniversalProvider sends such calls to one JSON-RPC HTTP provider per
 * chain, built from an rpcMap of one URL each, so a dead first node would block every read and
 * every send's preparation. viem loads with the first read (a chunk of its own).
 */
import type { CaipNetworkId } from '../../../domain/entities'
import type { WalletConnectNetwork } from './namespaces'

interface ReadTransport {
  request(args: { method: string; params?: unknown }): Promise<unknown>
}

export class WalletConnectRpcReads {
  private readonly transports = new Map<number, Promise<ReadTransport>>()
  private closed = false

  constructor(private readonly networks: readonly WalletConnectNetwork[]) {}

  /** The RPC URLs configured for eip155 chain `chainId` (empty: not a configured network). */
  urlsOf(chainId: number): readonly string[] {
    const caipNetworkId: CaipNetworkId = `eip155:${chainId}`
    return this.networks.find((n) => n.caipNetworkId === caipNetworkId && n.chainNamespace === 'eip155')?.rpcUrls ?? []
  }

  /** Sends one read to chain `chainId` over its RPC list; rejects with viem's error when every URL failed. */
  async request(chainId: number, args: { method: string; params?: unknown }): Promise<unknown> {
    let transport = this.transports.get(chainId)
    if (transport === undefined) {
      transport = this.createTransport(this.urlsOf(chainId))
      this.transports.set(chainId, transport)
      // A failed import is not kept: the next read tries again.
      transport.catch(() => this.transports.delete(chainId))
    }
    return (await transport).request(args)
  }

  /** Stops the background ranking from making requests (viem's loop cannot be stopped). */
  close(): void {
    this.closed = true
    this.transports.clear()
  }

  private async createTransport(urls: readonly string[]): Promise<ReadTransport> {
    const { rankedRpcFallback } = await import('../../chains/eip155/rpc-fallback')
    const transport = rankedRpcFallback(urls, () => this.closed)
    return transport({})
  }
}

