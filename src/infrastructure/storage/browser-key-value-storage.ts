import type { KeyValueStorage } from '../../ports/key-value-storage'

/**
 * localStorage under a per-modal prefix. Touches `window` only when called, so importing it is
 * safe during server rendering; falls back to memory when storage is missing, full or blocked
 * (Safari private mode, sandboxed frames).
 */
export class BrowserKeyValueStorage implements KeyValueStorage {
  private readonly memory = new Map<string, string>()

  constructor(private readonly prefix = 'walletgate:') {}

  get(key: string): string | null {
    const storage = this.storage()
    try {
      const value = storage?.getItem(this.prefix + key)
      if (value !== undefined && value !== null) return value
    } catch {
      // blocked storage: answer from memory
    }
    return this.memory.get(key) ?? null
  }

  set(key: string, value: string): void {
    this.memory.set(key, value)
    try {
      this.storage()?.setItem(this.prefix + key, value)
    } catch {
      // full or blocked storage: the value lives in memory for this page
    }
  }

  remove(key: string): void {
    this.memory.delete(key)
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
