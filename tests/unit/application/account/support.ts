/** Small fakes shared by the account and networks application tests. */
import type { CaipNetwork } from '../../../../src/domain/entities'
import type { ChainReader } from '../../../../src/ports/chain-reader'
import { type Eip1193Provider } from '../../../../src/domain/chains/wallet-providers'
import { Eip155ChainFamily } from '../../../../src/infrastructure/chains/eip155/eip155-chain-family'
import type { ConnectorSource } from '../../../../src/infrastructure/chains/connector-source'
import type { ChainFamilies } from '../../../../src/ports/chain-family'
import { NEVER, of } from 'rxjs'
import { RecordingLogger } from '../../../fakes/recording-logger'
export { RecordingLogger }
import { InMemoryKeyValueStorage as MemoryStorage } from '../../../fakes/in-memory-key-value-storage'
export { MemoryStorage }

export const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

export class FakeChainReader implements ChainReader {
  readonly reads: { caipNetworkId: string; address: string }[] = []
  balances = new Map<string, bigint>()
  failWith: Error | undefined
  /** Every watch begun: `touch()` is a block that touches the account, `stopped` once its stop ran. */
  readonly watches: { caipNetworkId: string; address: string; touch(): void; stopped: boolean }[] = []

  watchAccount(network: CaipNetwork, address: string, onTouched: () => void): () => void {
    const watch = { caipNetworkId: network.caipNetworkId, address, touch: () => !watch.stopped && onTouched(), stopped: false }
    this.watches.push(watch)
    return () => void (watch.stopped = true)
  }

  /** The watches not stopped. */
  get liveWatches(): { caipNetworkId: string; address: string; touch(): void }[] {
    return this.watches.filter((w) => !w.stopped)
  }

  getNativeBalance(network: CaipNetwork, address: string): Promise<bigint> {
    this.reads.push({ caipNetworkId: network.caipNetworkId, address })
    if (this.failWith) return Promise.reject(this.failWith)
    return Promise.resolve(this.balances.get(network.caipNetworkId) ?? 0n)
  }

  dispose(): void {}
}

/** A chain reader that tells confirmed funds from pending ones (as Bitcoin's Esplora reader). */
export class FakePartsChainReader extends FakeChainReader {
  parts = new Map<string, { confirmed: bigint; pending: bigint }>()

  async getNativeBalanceParts(network: CaipNetwork, address: string): Promise<{ confirmed: bigint; pending: bigint }> {
    await this.getNativeBalance(network, address)
    return this.parts.get(network.caipNetworkId) ?? { confirmed: 0n, pending: 0n }
  }
}



type Answer = (params: unknown) => unknown

/**
 * The real eip155 wing over one scripted wallet (connector `connectorId`): what the application
 * asks of the family reaches `provider` as the EIP-1193 requests a real wallet would see.
 */
export function eip155Families(provider: Eip1193Provider, connectorId = 'dev.walletgate.devnet'): ChainFamilies {
  const connectors = [{ id: connectorId, name: 'Devnet Wallet', type: 'ANNOUNCED' as const, chain: 'eip155' as const }]
  const source: ConnectorSource<Eip1193Provider> = {
    connectors$: of(connectors),
    connectors,
    startDiscovery: () => undefined,
    connect: () => Promise.reject(new Error('not scripted')),
    reconnect: () => Promise.resolve(null),
    disconnect: () => Promise.resolve(),
    events$: NEVER,
    getProvider: (id) => (id === connectorId ? provider : undefined),
  }
  const family = new Eip155ChainFamily([source])
  return { all: [family], get: (namespace) => (namespace === 'eip155' ? family : undefined) }
}

/** An EIP-1193 wallet that answers each method from a script and records every request. */
export class ScriptedProvider implements Eip1193Provider {
  readonly requests: { method: string; params?: unknown }[] = []
  private readonly answers = new Map<string, Answer[]>()

  /** Queues the next answer for `method`: a value, or a function that throws to reject. */
  answer(method: string, answer: Answer): this {
    const queue = this.answers.get(method) ?? []
    queue.push(answer)
    this.answers.set(method, queue)
    return this
  }

  request(args: { method: string; params?: unknown }): Promise<unknown> {
    this.requests.push(args)
    const next = this.answers.get(args.method)?.shift()
    try {
      return Promise.resolve(next ? next(args.params) : null)
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : Object.assign(new Error('rpc error'), error))
    }
  }
}

export function rpcError(code: number, message = `error ${code}`): never {
  throw Object.assign(new Error(message), { code })
}

export const DEVNET_A: CaipNetwork = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Devnet A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: ['http://127.0.0.1:18545'],
}

export const NETWORK_CONFIGS = [
  {
    id: 31337,
    chainNamespace: 'eip155' as const,
    name: 'Devnet A',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: ['http://127.0.0.1:18545'],
  },
  {
    id: 31338,
    chainNamespace: 'eip155' as const,
    name: 'Devnet B',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: ['http://127.0.0.1:18546'],
    blockExplorerUrl: 'http://127.0.0.1:18999',
  },
]

export function connected(caipNetworkId: string, address = ADDRESS) {
  return {
    status: 'connected' as const,
    connectorId: 'dev.walletgate.devnet',
    namespace: 'eip155' as const,
    caipAddress: `${caipNetworkId}:${address}`,
    address,
    caipNetworkId,
  }
}
