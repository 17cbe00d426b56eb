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
  /** Loads under way: requests that miss together share one (a popular key expiring under load is read once, not once per request). */
  private readonly loading = new Map<string, Promise<Value>>()

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
   * The cached value of `key` while it lives, counted as a hit, without waiting; undefined when it
   * is not cached (nothing is loaded: the caller asks `getOrLoad`).
   */
  peek(key: string): { readonly value: Value } | undefined {
    const entry = this.entries.get(key)
    if (entry === undefined || !(entry.expires > this.options.clock.now())) return undefined
    this.options.stats?.count(this.options.name, true)
    return entry
  }

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
    const shared = fresh ? undefined : this.loading.get(key)
    if (shared !== undefined) {
      this.options.stats?.count(this.options.name, true)
      return shared
    }
    this.options.stats?.count(this.options.name, false)
    // A fresh read is its own (one under way may have begun before what it must see).
    const loaded = load()
    if (!fresh) {
      this.loading.set(key, loaded)
      void loaded.then(
        () => this.loading.get(key) === loaded && this.loading.delete(key),
        () => this.loading.get(key) === loaded && this.loading.delete(key),
      )
    }
    const value = await loaded
    if (this.options.ttlMs > 0 && keep(value)) {
      this.entries.delete(key)
      this.entries.set(key, { value, expires: now + this.options.ttlMs })
      const max = this.options.maxEntries ?? 10_000
      while (this.entries.size > max) this.entries.delete(this.entries.keys().next().value as string)
    }
    return value
  }

  /** Forgets `key`, and a load of it under way (a request after a write does not join a read from before it). */
  delete(key: string): void {
    this.entries.delete(key)
    this.loading.delete(key)
  }
}
