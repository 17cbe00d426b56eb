/**
 * The RPC transport of spec section 9 for eip155 reads, built once for every reader (browser-wallet
 * reads, a WalletConnect session's reads): every URL an HTTP transport with the request timeout and
 * batching, tried in rank order (stability and latency, re-ranked in the background), the whole list
 * retried from 150 ms. Imported only by modules that load with the first read (viem is heavy).
 */
import { fallback, http, type Chain, type FallbackTransport, type HttpTransport } from 'viem'
import { FALLBACK_TRANSPORT_OPTIONS, HTTP_TRANSPORT_OPTIONS } from './rpc-transport-options'

/** `stopped()`: the reader was closed; viem's ranking loop cannot be stopped, so its pings go quiet. */
export function rankedRpcFallback(
  urls: readonly string[],
  stopped: () => boolean,
  chain?: Chain,
): FallbackTransport<readonly HttpTransport[]> {
  const transports = urls.map((url) =>
    http(url, {
      timeout: HTTP_TRANSPORT_OPTIONS.timeout,
      retryCount: HTTP_TRANSPORT_OPTIONS.retryCount,
      batch: { batchSize: HTTP_TRANSPORT_OPTIONS.batch.batchSize },
    }),
  )
  const { rank, retryCount, retryDelay } = FALLBACK_TRANSPORT_OPTIONS
  // The ranking pings go through their own unbatched transport per URL. Sent through the read
  // transports, a ping joins the same JSON-RPC batch as a read and the whole batch gets the
  // ping's 1 s limit instead of the reads' 10 s: a slow node would fail a first read early.
  const pingers = new Map(
    urls.map((url) => [url, http(url, { batch: false, retryCount: 0, timeout: rank.timeout })({ chain, retryCount: 0 })]),
  )
  return fallback(transports, {
    retryCount,
    retryDelay,
    rank: {
      interval: rank.interval,
      sampleCount: rank.sampleCount,
      timeout: rank.timeout,
      weights: { ...rank.weights },
      ping: async ({ transport: t }) => {
        if (stopped()) return
        const url = (t.value as { url?: string } | undefined)?.url
        const pinger = url === undefined ? undefined : pingers.get(url)
        await (pinger ?? t).request({ method: 'net_listening' })
      },
    },
  })
}
