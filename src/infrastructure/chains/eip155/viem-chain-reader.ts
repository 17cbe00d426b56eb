import type { PublicClient } from 'viem'
import type { CaipNetwork } from '../../../domain/entities'
import { UnsupportedChainReadError, type ChainReader } from '../../../ports/chain-reader'

type ReadClient = Pick<PublicClient, 'getBalance' | 'getTransactionCount' | 'watchBlockNumber' | 'request'>

/** How often a watched account's chain is asked for its head (viem's default for HTTP). */
const ACCOUNT_POLL_MS = 4_000
/** More new blocks than this since the last look are not scanned for token transfers: touched. */
const MAX_SCANNED_BLOCKS = 1_000n
/** keccak256("Transfer(address,address,uint256)"): ERC-20 (and ERC-721) transfers. */
const TRANSFER_TOPIC: `0x${string}` = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

/** Where a watched account stood at a block. */
interface AccountMark {
  readonly block: bigint
  readonly balance: bigint
  readonly nonce: number
}

export interface ViemChainReaderOptions {
  /** How often a watched account's chain head is polled, ms (default 4 s). */
  readonly accountPollMs?: number
}

/**
 * {@link ChainReader} for eip155 networks over viem public clients. viem is imported the first
 * time a read is made (never at module load), so it stays out of the modal's initial bundle.
 * One client per network and RPC URL list: a fallback transport over every URL, ranked in the
 * background (spec section 9), each URL an HTTP transport with batching and the request timeout.
 */
export class ViemChainReader implements ChainReader {
  private readonly clients = new Map<string, Promise<ReadClient>>()
  /** The last look at each watched account (network and address), kept across watches. */
  private readonly marks = new Map<string, AccountMark>()
  private disposed = false

  constructor(private readonly options: ViemChainReaderOptions = {}) {}

  async getNativeBalance(network: CaipNetwork, address: string, options: { signal?: AbortSignal } = {}): Promise<bigint> {
    if (network.chainNamespace !== 'eip155') throw new UnsupportedChainReadError(network.chainNamespace)
    options.signal?.throwIfAborted()
    const client = await this.client(network)
    options.signal?.throwIfAborted()
    return client.getBalance({ address: address as `0x${string}` })
  }

  /**
   * Polls the chain's head; at each new head compares the account's balance and nonce with the
   * last mark and asks for token transfers to it since then (one batched request).
   */
  watchAccount(network: CaipNetwork, address: string, onTouched: () => void): () => void {
    if (network.chainNamespace !== 'eip155') return () => undefined
    const key = `${network.caipNetworkId}|${address.toLowerCase()}`
    let stopped = false
    let unwatch: (() => void) | undefined
    let looking = false
    /** The newest head that came during a look: viem tells a head once, so it is looked at next. */
    let waiting: bigint | undefined
    this.client(network)
      .then((client) => {
        if (stopped || this.disposed) return
        const lookAt = (block: bigint): void => {
          // One look at a time.
          if (looking) {
            waiting = block
            return
          }
          looking = true
          void this.look(client, key, address as `0x${string}`, block)
            .then((touched) => {
              if (touched && !stopped && !this.disposed) onTouched()
            })
            .finally(() => {
              looking = false
              const next = waiting
              waiting = undefined
              if (next !== undefined && !stopped && !this.disposed) lookAt(next)
            })
        }
        unwatch = client.watchBlockNumber({
          emitOnBegin: true,
          poll: true,
          pollingInterval: this.options.accountPollMs ?? ACCOUNT_POLL_MS,
          onBlockNumber: lookAt,
          // A failed poll is tried again at the next interval.
          onError: () => undefined,
        })
      })
      .catch(() => undefined)
    return () => {
      stopped = true
      unwatch?.()
    }
  }

  /** Whether `block` touched the account since the last mark; marks it. Never rejects. */
  private async look(client: ReadClient, key: string, address: `0x${string}`, block: bigint): Promise<boolean> {
    const mark = this.marks.get(key)
    if (mark !== undefined && block <= mark.block) return false
    const scan = mark !== undefined && block - mark.block <= MAX_SCANNED_BLOCKS
    try {
      const [balance, nonce, transfers] = await Promise.all([
        client.getBalance({ address, blockNumber: block }),
        client.getTransactionCount({ address, blockNumber: block }),
        scan ? this.transfersTo(client, address, mark.block + 1n, block) : Promise.resolve(0),
      ])
      this.marks.set(key, { block, balance, nonce })
      if (mark === undefined) return false
      return !scan || balance !== mark.balance || nonce !== mark.nonce || transfers > 0
    } catch {
      // The mark stays: the next head compares against it.
      return false
    }
  }

  private async transfersTo(client: ReadClient, address: `0x${string}`, fromBlock: bigint, toBlock: bigint): Promise<number> {
    const to: `0x${string}` = `0x${address.slice(2).toLowerCase().padStart(64, '0')}`
    const logs = await client.request({
      method: 'eth_getLogs',
      params: [{ fromBlock: `0x${fromBlock.toString(16)}`, toBlock: `0x${toBlock.toString(16)}`, topics: [TRANSFER_TOPIC, null, to] }],
    })
    return Array.isArray(logs) ? logs.length : 0
  }

  dispose(): void {
    this.disposed = true
    this.clients.clear()
    this.marks.clear()
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
