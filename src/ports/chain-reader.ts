import type { ServiceIdentifier } from 'inversify'
import type { CaipNetwork } from '../domain/entities'

/**
 * Read-only access to a chain over its JSON-RPC URLs (spec section 7 "Chain JSON-RPC"): the
 * fallback path when the balance service fails or does not support the network.
 *
 * Implementations talk to every RPC URL of the network with fallback and ranking (spec section 9)
 * and load their SDK on demand, never at import time.
 */
export interface ChainReader {
  /**
   * The native balance of `address` on `network`, in base units (wei for eip155).
   * MUST try the network's RPC URLs in ranked order and move on when one fails.
   * @throws UnsupportedChainReadError for a namespace the reader cannot read (before any request).
   * @throws the SDK's error when every RPC URL failed (after the configured retries).
   */
  getNativeBalance(network: CaipNetwork, address: string, options?: { signal?: AbortSignal }): Promise<bigint>

  /**
   * Optional, for chains whose nodes tell confirmed funds from pending ones (bip122: the
   * mempool): the native balance in those two parts, base units; `confirmed + pending` MUST equal
   * what {@link getNativeBalance} resolves. `pending` is negative while a spend waits.
   * @throws as {@link getNativeBalance}.
   */
  getNativeBalanceParts?(network: CaipNetwork, address: string, options?: { signal?: AbortSignal }): Promise<NativeBalanceParts>

  /**
   * Optional, for chains the reader can follow block by block: calls `onTouched` once for each new
   * block (or run of blocks) that touches `address` on `network`: its native balance or its nonce
   * changed (a transaction it sent, by any path, or native funds it received) or a token was
   * transferred to it. The first look only marks where the account stands; a later watch of the
   * same account on the same reader compares against the last mark, so what landed while nobody
   * watched is told at once. Returns the stop function. Read failures are tried again at the next
   * block. MUST NOT throw; a namespace the reader cannot follow watches nothing.
   */
  watchAccount?(network: CaipNetwork, address: string, onTouched: () => void): () => void

  /** Stops background work (transport ranking) and forgets every client. MUST NOT throw. */
  dispose(): void
}
/** A native balance split into what the chain has confirmed and what still waits (base units). */
export interface NativeBalanceParts {
  readonly confirmed: bigint
  readonly pending: bigint
}

export const ChainReader = Symbol('ChainReader') as ServiceIdentifier<ChainReader>

/** The reader has no client for this chain family. */
export class UnsupportedChainReadError extends Error {
  override readonly name = 'UnsupportedChainReadError' as const
  readonly code = 'UNSUPPORTED_CHAIN_READ' as const
  constructor(readonly namespace: string) {
    super(`No chain reader for namespace ${namespace}`)
  }
}
