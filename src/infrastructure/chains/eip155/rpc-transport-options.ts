/**
 * The transport settings of spec section 9 for eip155 chain reads, as plain data so they can be
 * pinned by a test without loading viem: a fallback transport over every RPC URL of a network,
 * ranked by stability and latency, each URL an HTTP transport with batching.
 */
import {
  FALLBACK_TRANSPORT,
  RPC_BATCH_SIZE,
  RPC_REQUEST_TIMEOUT_MS,
  RPC_RETRY_BASE_DELAY_MS,
  RPC_RETRY_COUNT,
} from '../../../domain/constants'

export interface HttpTransportOptions {
  readonly timeout: number
  readonly batch: { readonly batchSize: number }
  /** The fallback transport retries; each URL is tried once per attempt. */
  readonly retryCount: 0
}

export interface RankOptions {
  readonly interval: number
  readonly sampleCount: number
  readonly timeout: number
  readonly weights: { readonly stability: number; readonly latency: number }
}

export interface FallbackTransportOptions {
  readonly rank: RankOptions
  readonly retryCount: number
  /** Base delay; viem doubles it per retry (150, 300, 600 ms). */
  readonly retryDelay: number
}

export const HTTP_TRANSPORT_OPTIONS: HttpTransportOptions = {
  timeout: RPC_REQUEST_TIMEOUT_MS,
  batch: { batchSize: RPC_BATCH_SIZE },
  retryCount: 0,
}

export const FALLBACK_TRANSPORT_OPTIONS: FallbackTransportOptions = {
  rank: {
    interval: FALLBACK_TRANSPORT.pollingIntervalMs,
    sampleCount: FALLBACK_TRANSPORT.sampleCount,
    timeout: FALLBACK_TRANSPORT.pingTimeoutMs,
    weights: { ...FALLBACK_TRANSPORT.weights },
  },
  retryCount: RPC_RETRY_COUNT,
  retryDelay: RPC_RETRY_BASE_DELAY_MS,
}
