import type { KeyValueStorage } from '../../ports/key-value-storage'

/**
 * localStorage under a per-modal prefix. Touches `window` only when called, so importing it is
 * safe during server rendering; falls back to memory when storage is missing, full or blocked
 * (Safari private mode, sandboxed frames).
 *
 * Storage is the truth whenever it answers: another modal under the same prefix (or the person
 * clearing site data) may change it, so a copy here would go stale. Memory answers only for keys
 * whose last write did not fit and when storage cannot be read at all.
 */
export class BrowserKeyValueStorage implements KeyValueStorage {
  private readonly memory = new Map<string, string>()
  /** Keys whose last write only reached memory; their value in storage, if any, is older. */
  private readonly unsaved = new Set<string>()

  constructor(private readonly prefix = 'walletgate:') {}

  get(key: string): string | null {
    if (this.unsaved.has(key)) return this.memory.get(key) ?? null
    const storage = this.storage()
    if (storage !== undefined) {
      try {
        return storage.getItem(this.prefix + key)
      } catch {
        // blocked storage: answer from memory
      }
    }
    return this.memory.get(key) ?? null
  }

  set(key: string, value: string): void {
    this.memory.set(key, value)
    try {
      const storage = this.storage()
      if (storage === undefined) {
        this.unsaved.add(key)
        return
      }
      storage.setItem(this.prefix + key, value)
      this.unsaved.delete(key)
    } catch {
      // full or blocked storage: the value lives in memory for this page
      this.unsaved.add(key)
    }
  }

  remove(key: string): void {
    this.memory.delete(key)
    this.unsaved.delete(key)
    try {
      this.storage()?.removeItem(this.prefix + key)
    } catch {
      // blocked storage: nothing to remove
    }
  }

  private storage(): Storage | undefined {
    try {
      return typeof globalThis.localStorage === 'undefined' ? undefined : globalThis.localStorage
    } catch {
      return undefined
    }
  }
}
