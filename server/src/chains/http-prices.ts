/**
 * Prices from an HTTP endpoint the host runs or subscribes to, for tokens no on-chain feed prices:
 * `GET <url>` answers a JSON object of USD prices by key, each key a CAIP-10 token address as the
 * modal names tokens (`eip155:1:0xA0b8…`; a chain's native coin at `eip155:1:0xEeee…EEeE`; a Solana
 * mint `solana:<ref>:<mint>`, its SOL at `solana:<ref>:native`) or a display currency's code (`EUR`:
 * its price in dollars). An answer is kept for a minute; a price that is not a positive finite number
 * is dropped, and an endpoint that fails gives no prices (never a made-up one).
 */
import type { Clock } from '../clock.js'
import { TtlCache, type CacheStats } from '../ttl-cache.js'

const REQUEST_TIMEOUT_MS = 5_000
/** Largest answer read: a price list of some ten thousand tokens. */
const MAX_ANSWER_BYTES = 2_000_000

export class HttpPrices {
  private readonly cache: TtlCache<Map<string, number>>

  constructor(
    private readonly url: string,
    clock: Clock,
    options: { readonly ttlMs?: number; readonly stats?: CacheStats; readonly onError?: (error: unknown) => void } = {},
  ) {
    this.cache = new TtlCache({ name: 'http-prices', clock, ttlMs: options.ttlMs ?? 60_000, maxEntries: 1, ...(options.stats === undefined ? {} : { stats: options.stats }) })
    this.onError = options.onError
  }

  private readonly onError: ((error: unknown) => void) | undefined

  /** Every price the endpoint gives, by key; empty when it does not answer. */
  async all(): Promise<Map<string, number>> {
    return this.cache.getOrLoad('all', () => this.load(), { keep: (prices) => prices.size > 0 })
  }

  /** The prices of one chain (`eip155:1`), by what follows its id in the key (a lower-cased 0x address or a mint). */
  async of(chainId: string): Promise<Map<string, number>> {
    const prefix = `${chainId}:`
    const found = new Map<string, number>()
    for (const [key, price] of await this.all()) {
      if (!key.startsWith(prefix)) continue
      const rest = key.slice(prefix.length)
      found.set(rest.startsWith('0x') ? rest.toLowerCase() : rest, price)
    }
    return found
  }

  private async load(): Promise<Map<string, number>> {
    try {
      const response = await fetch(this.url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
      if (!response.ok) throw new Error(`the price endpoint answered HTTP ${response.status}`)
      const text = await response.text()
      if (text.length > MAX_ANSWER_BYTES) throw new Error('the price endpoint answered more than 2 MB')
      const body = JSON.parse(text) as unknown
      if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new Error('the price endpoint did not answer a JSON object')
      const prices = new Map<string, number>()
      for (const [key, value] of Object.entries(body)) {
        if (key.length <= 200 && typeof value === 'number' && Number.isFinite(value) && value > 0) prices.set(key, value)
      }
      return prices
    } catch (error) {
      this.onError?.(error)
      return new Map()
    }
  }
}
