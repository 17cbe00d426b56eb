import type { CaipNetwork, ChainNamespace } from '../../domain/entities'
import { UnsupportedChainReadError, type ChainReader, type NativeBalanceParts } from '../../ports/chain-reader'

/** One {@link ChainReader} over each chain family's own: a read goes to the reader of the network's namespace. */
export class NamespaceChainReader implements ChainReader {
  constructor(private readonly readers: Partial<Record<ChainNamespace, ChainReader>>) {}

  getNativeBalance(network: CaipNetwork, address: string, options?: { signal?: AbortSignal }): Promise<bigint> {
    const reader = this.readers[network.chainNamespace]
    if (reader === undefined) return Promise.reject(new UnsupportedChainReadError(network.chainNamespace))
    return reader.getNativeBalance(network, address, options)
  }

  /** The family reader's parts; a reader without them answers its balance as all confirmed. */
  async getNativeBalanceParts(network: CaipNetwork, address: string, options?: { signal?: AbortSignal }): Promise<NativeBalanceParts> {
    const reader = this.readers[network.chainNamespace]
    if (reader?.getNativeBalanceParts !== undefined) return reader.getNativeBalanceParts(network, address, options)
    return { confirmed: await this.getNativeBalance(network, address, options), pending: 0n }
  }

  /** The family reader's watch; a family that cannot follow its chain watches nothing. */
  watchAccount(network: CaipNetwork, address: string, onTouched: () => void): () => void {
    return this.readers[network.chainNamespace]?.watchAccount?.(network, address, onTouched) ?? (() => undefined)
  }

  dispose(): void {
    for (const reader of Object.values(this.readers)) reader.dispose()
  }
}
