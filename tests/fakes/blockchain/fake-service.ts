import type { CaipNetworkId, GasPrice, NameProfile, SwapToken, TokenBalance } from '../../../src/domain/entities'
import type { OnRampOptions } from '../../../src/domain/on-ramp/on-ramp-types'
import type { Transaction } from '../../../src/domain/transactions/transaction'
import { SUPPORTED_NAMESPACES, type NamespaceCapability } from '../../../src/domain/feature-constants'
import type { RequestOptions } from '../../../src/ports/blockchain/request-options'
import type { FungiblePrice } from '../../../src/ports/blockchain/swap'

/** What the in-memory blockchain service holds; each port's fake reads the part it serves. */
export interface InMemoryBlockchainSeed {
  /** Chains the "service" runs (its `http` list); defaults to `eip155:1`. */
  readonly supportedChains?: readonly CaipNetworkId[]
  /** eip155 chain ids on which swaps and gas price are offered; defaults to the eip155 `supportedChains`. */
  readonly swapChainIds?: readonly number[]
  /** Balances by CAIP-10 account (case-insensitive). */
  readonly balances?: Readonly<Record<string, readonly TokenBalance[]>>
  /** History by CAIP-10 account (case-insensitive), newest first. */
  readonly transactions?: Readonly<Record<string, readonly Transaction[]>>
  /** Page size of history; 20 like the service. */
  readonly historyPageSize?: number
  readonly prices?: readonly FungiblePrice[]
  readonly swapTokens?: Readonly<Record<string, readonly SwapToken[]>>
  readonly gasPrices?: Readonly<Record<string, GasPrice>>
  readonly names?: readonly NameProfile[]
  readonly onRampOptions?: OnRampOptions
  /** Base of generated on-ramp checkout urls. */
  readonly checkoutBaseUrl?: string
}

/**
 * What every in-memory port of the blockchain service shares. Test helpers: `calls` lists every
 * method that reached the "service"; `failNext(method, error)` makes the next call of `method`
 * reach the service and fail with `error`, as a real failure would.
 */
export abstract class FakeService<Method extends string> {
  /** Methods that reached the service, in order (calls answered without a request are absent). */
  readonly calls: Method[] = []
  private readonly failures = new Map<Method, unknown[]>()

  /** Makes the next call of `method` fail with `error` once it reaches the service. */
  failNext(method: Method, error: unknown): void {
    const queue = this.failures.get(method) ?? []
    queue.push(error)
    this.failures.set(method, queue)
  }

  /** A call that reaches the "service": recorded, abortable, and failing when told to. */
  protected serve<T>(method: Method, options: RequestOptions, answer: () => T): Promise<T> {
    try {
      aborted(options)
      this.calls.push(method)
      const failure = this.takeFailure(method)
      if (failure !== undefined) return Promise.reject(failure as Error)
      return Promise.resolve(answer())
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }

  /** A call answered without the service. */
  protected local<T>(options: RequestOptions, answer: () => T): Promise<T> {
    try {
      aborted(options)
      return Promise.resolve(answer())
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }

  protected takeFailure(method: Method): unknown {
    const queue = this.failures.get(method)
    return queue && queue.length > 0 ? queue.shift() : undefined
  }
}

export function aborted(options: RequestOptions): void {
  options.signal?.throwIfAborted()
}

export function parse(caip: string): { namespace: string; chainId: CaipNetworkId; address: string } | undefined {
  const [namespace, reference, address] = caip.split(':')
  if (!namespace || !reference) return undefined
  return { namespace, chainId: `${namespace}:${reference}` as CaipNetworkId, address: address ?? '' }
}

export function supports(capability: NamespaceCapability, namespace: string): boolean {
  return (SUPPORTED_NAMESPACES[capability] as readonly string[]).includes(namespace)
}

/** Whether the account's namespace has `capability` and the service runs its network. */
export function servedAccount(
  seed: Pick<InMemoryBlockchainSeed, 'supportedChains'>,
  account: string,
  capability: NamespaceCapability,
): boolean {
  const parsed = parse(account)
  return parsed !== undefined && supports(capability, parsed.namespace) && supportedChainsOf(seed).includes(parsed.chainId)
}

export function supportedChainsOf(seed: Pick<InMemoryBlockchainSeed, 'supportedChains'>): CaipNetworkId[] {
  return [...(seed.supportedChains ?? ['eip155:1'])]
}

export function addressPart(value: string): string {
  return value.split(':').pop() ?? value
}
