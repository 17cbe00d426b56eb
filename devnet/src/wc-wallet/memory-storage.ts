import type { IKeyValueStorage } from '@walletconnect/keyvaluestorage'

/**
 * In-memory key-value storage for a WalletConnect client in Node: nothing is written to disk, and
 * two clients in one process never share state. Values are copied through JSON, as a real store.
 */
export class MemoryKeyValueStorage implements IKeyValueStorage {
  private readonly map = new Map<string, string>()

  async getKeys(): Promise<string[]> {
    return [...this.map.keys()]
  }

  async getEntries<T = unknown>(): Promise<[string, T][]> {
    return [...this.map.entries()].map(([k, v]) => [k, JSON.parse(v) as T])
  }

  async getItem<T = unknown>(key: string): Promise<T | undefined> {
    const value = this.map.get(key)
    return value === undefined ? undefined : (JSON.parse(value) as T)
  }

  async setItem<T = unknown>(key: string, value: T): Promise<void> {
    this.map.set(key, JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)))
  }

  async removeItem(key: string): Promise<void> {
    this.map.delete(key)
  }
}
