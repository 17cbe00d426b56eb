import type { CaipNetwork, ChainNamespace } from '../../domain/entities'
import { UnsupportedChainReadError, type ChainReader, type NativeBalanceParts } from '../../ports/chain-reader'
import type { ChainWing } from './wing'

/**
 * One {@link ChainReader} over each chain family's own: a read goes to the reader of the network's
 * namespace, which its wing's on-demand part creates on the family's first read.
 */
export class NamespaceChainReader implements ChainReader {
  private readonly readers = new Map<ChainNamespace, Promise<ChainReader | undefined>>()
  private readonly created: ChainReader[] = []
  private disposed = false

  constructor(private readonly wings: readonly Pick<ChainWing, 'namespace' | 'parts'>[]) {}

  private reader(namespace: ChainNamespace): Promise<ChainReader | undefined> {
    let reader = this.readers.get(namespace)
    if (reader === undefined) {
      const wing = this.wings.find((w) => w.namespace === namespace)
      reader =
        wing === undefined
          ? Promise.resolve(undefined)
          : wing.parts().then((parts) => {
              const created = parts.reader?.()
              if (created !== undefined) this.created.push(created)
              return created
            })
      this.readers.set(namespace, reader)
      // A failed chunk load is not kept: the next read tries again.
      reader.catch(() => this.readers.delete(namespace))
    }
    return reader
  }

  async getNativeBalance(network: CaipNetwork, address: string, options?: { signal?: AbortSignal }): Promise<bigint> {
    const reader = await this.reader(network.chainNamespace)
    if (reader === undefined) throw new UnsupportedChainReadError(network.chainNamespace)
    return reader.getNativeBalance(network, address, options)
  }

  /** The family reader's parts; a reader without them answers its balance as all confirmed. */
  async getNativeBalanceParts(network: CaipNetwork, address: string, options?: { signal?: AbortSignal }): Promise<NativeBalanceParts> {
    const reader = await this.reader(network.chainNamespace)
    if (reader?.getNativeBalanceParts !== undefined) return reader.getNativeBalanceParts(network, address, options)
    return { confirmed: await this.getNativeBalance(network, address, options), pending: 0n }
  }

  /** The family reader's watch, from when its reader is there; a family that cannot follow its chain watches nothing. */
  watchAccount(network: CaipNetwork, address: string, onTouched: () => void): () => void {
    let stop: (() => void) | undefined
    let stopped = false
    this.reader(network.chainNamespace).then(
      (reader) => {
        if (!stopped && !this.disposed) stop = reader?.watchAccount?.(network, address, onTouched)
      },
      () => undefined,
    )
    return () => {
      stopped = true
      stop?.()
    }
  }

  dispose(): void {
    this.disposed = true
    for (const reader of this.created.splice(0)) reader.dispose()
    this.readers.clear()
  }
}
