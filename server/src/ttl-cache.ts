/**
 * A cache in this process, for answers a stale copy of is correct within its life (spec section 9:
 * names and identity 5 min). Each replica keeps its own: a write through this replica clears what
 * it changed here; another replica's copy lives out its life, as the spec's cache life allows.
 */
import type { Clock } from './clock.js'

/** Hits and misses of each cache, for /metrics. */
export class CacheStats {
  readonly counts = new Map<string, { hits: number; misses: number }>()

  count(cache: string, hit: boolean): void {
    const entry = this.counts.get(cache) ?? { hits: 0, misses: 0 }
    if (hit) entry.hits += 1
    else entry.misses += 1
    this.counts.set(cache, entry)
  }
}

export class TtlCache<Value> {
  private readonly entries = new Map<string, { value: Value; expires: number }>()

  constructor(
    private readonly options: {
      readonly name: string
      readonly clock: Clock
      readonly ttlMs: number
      /** The oldest entries go beyond this many (a scanner asking for made-up keys cannot grow it). */
      readonly maxEntries?: number
      readonly stats?: CacheStats
    },
  ) {}

  /**
   * The cached value of `key`, else (or when `fresh`) `load()`'s, kept for the cache's life when
   * `keep` says so (a refusal is not an answer to keep).
   */
  async getOrLoad(key: string, load: () => Promise<Value>, { fresh = false, keep = () => true }: { fresh?: boolean; keep?: (value: Value) => boolean } = {}): Promise<Value> {
    const now = this.options.clock.now()
    const entry = this.entries.get(key)
    if (!fresh && entry !== undefined && entry.expires > now) {
      this.options.stats?.count(this.options.name, true)
      return entry.value
    }
    this.options.stats?.count(this.options.name, false)
    const value = await load()
    if (this.options.ttlMs > 0 && keep(value)) {
      this.entries.delete(key)
      this.entries.set(key, { value, expires: now + this.options.ttlMs })
      const max = this.options.maxEntries ?? 10_000
      while (this.entries.size > max) this.entries.delete(this.entries.keys().next().value as string)
    }
    return value
  }

  delete(key: string): void {
    this.entries.delete(key)
  }
}
