import type { Clock } from '../../ports/clock'

/** A map whose entries expire `ttlMs` after they were written, read against the Clock port. */
export class TtlCache<V> {
  private readonly entries = new Map<string, { readonly value: V; readonly expiresAt: number }>()

  constructor(
    private readonly clock: Clock,
    private readonly ttlMs: number,
  ) {}

  /** The fresh value for `key`, or undefined when absent or expired (an expired entry is dropped). */
  get(key: string): V | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (this.clock.now() >= entry.expiresAt) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }

  set(key: string, value: V): void {
    this.entries.set(key, { value, expiresAt: this.clock.now() + this.ttlMs })
  }

  delete(key: string): void {
    this.entries.delete(key)
  }

  clear(): void {
    this.entries.clear()
  }

  /**
   * The cached value for `key` unless `forceUpdate`; otherwise loads, caches and returns a fresh
   * one. A failed load caches nothing.
   */
  async getOrLoad(key: string, forceUpdate: boolean | undefined, load: () => Promise<V>): Promise<V> {
    if (!forceUpdate) {
      const cached = this.get(key)
      if (cached !== undefined) return cached
    }
    const value = await load()
    this.set(key, value)
    return value
  }
}
