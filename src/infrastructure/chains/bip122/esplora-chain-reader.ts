/**
 * {@link ChainReader} for Bitcoin networks: a bip122 network's `rpcUrls` are Esplora API base URLs
 * (mempool.space, Blockstream, the devnet's chain), and the balance of an address is what its
 * `GET /address/:address` reports, confirmed (`chain_stats`) plus pending (`mempool_stats`): funded
 * minus spent outputs. Each URL is tried in order with a bounded wait; plain fetch, no SDK.
 */
import { RPC_REQUEST_TIMEOUT_MS } from '../../../domain/constants'
import type { CaipNetwork } from '../../../domain/entities'
import { UnsupportedChainReadError, type ChainReader, type NativeBalanceParts } from '../../../ports/chain-reader'
import { NetworkUrlMissingError, NodeAnswerError } from '../adapter-errors'

interface Stats {
  readonly funded_txo_sum?: unknown
  readonly spent_txo_sum?: unknown
}

const sats = (stats: Stats | undefined): bigint => {
  const funded = stats?.funded_txo_sum
  const spent = stats?.spent_txo_sum
  if (!Number.isSafeInteger(funded) || !Number.isSafeInteger(spent)) throw new NodeAnswerError('The Esplora API answered no address stats')
  return BigInt(funded as number) - BigInt(spent as number)
}

export class EsploraChainReader implements ChainReader {
  constructor(
    private readonly fetcher: typeof fetch = (input, init) => globalThis.fetch(input, init),
    private readonly timeoutMs = RPC_REQUEST_TIMEOUT_MS,
  ) {}

  /** Confirmed plus pending sats. */
  async getNativeBalance(network: CaipNetwork, address: string, options: { signal?: AbortSignal } = {}): Promise<bigint> {
    const { confirmed, pending } = await this.getNativeBalanceParts(network, address, options)
    return confirmed + pending
  }

  /** The confirmed and the pending (mempool) balance. @throws the last failure once every URL failed. */
  async getNativeBalanceParts(network: CaipNetwork, address: string, options: { signal?: AbortSignal } = {}): Promise<NativeBalanceParts> {
    if (network.chainNamespace !== 'bip122') throw new UnsupportedChainReadError(network.chainNamespace)
    if (network.rpcUrls.length === 0) throw new NetworkUrlMissingError('The network has no Esplora URL')
    let lastError: unknown
    for (const base of network.rpcUrls) {
      options.signal?.throwIfAborted()
      const signal = options.signal ? AbortSignal.any([options.signal, AbortSignal.timeout(this.timeoutMs)]) : AbortSignal.timeout(this.timeoutMs)
      try {
        const response = await this.fetcher(`${base.replace(/\/+$/, '')}/address/${encodeURIComponent(address)}`, { signal })
        if (!response.ok) throw new NodeAnswerError(`The Esplora API answered ${response.status}`)
        const body = (await response.json()) as { chain_stats?: Stats; mempool_stats?: Stats }
        return { confirmed: sats(body.chain_stats), pending: sats(body.mempool_stats) }
      } catch (error) {
        options.signal?.throwIfAborted()
        lastError = error
      }
    }
    throw lastError
  }

  dispose(): void {}
}
