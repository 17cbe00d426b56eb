/**
 * A client for one configured EVM chain: every RPC URL of it behind a fallback transport with the
 * spec's settings (section 9: ranked every 4 s over 10 samples, 1 s ping timeout, 0.7 stability and
 * 0.3 latency), each URL an HTTP transport that batches the calls made together. A dead endpoint
 * falls over to the next one; a chain with one URL has no ranking pings.
 */
import { createPublicClient, fallback, http, type PublicClient } from 'viem'

/** One attempt of one URL; then the next URL. */
const REQUEST_TIMEOUT_MS = 10_000

export function chainClient(rpcUrls: readonly string[]): PublicClient {
  const transports = rpcUrls.map((url) => http(url, { batch: true, retryCount: 0, timeout: REQUEST_TIMEOUT_MS }))
  if (transports.length === 0) throw new RangeError('A chain needs at least one RPC URL')
  const transport =
    transports.length === 1
      ? transports[0]!
      : fallback(transports, { rank: { interval: 4_000, sampleCount: 10, timeout: 1_000, weights: { stability: 0.7, latency: 0.3 } }, retryCount: 1 })
  return createPublicClient({ transport })
}
