import type { KeyValueStorage } from '../../src/ports/key-value-storage'

/** KeyValueStorage over a Map; `values` is open for assertions. */
export class InMemoryKeyValueStorage implements KeyValueStorage {
  readonly values = new Map<string, string>()
  get(key: string): string | null {
    return this.values.get(key) ?? null
  }
  set(key: string, value: string): void {
    this.values.set(key, value)
  }
  remove(key: string): void {
    this.values.delete(key)
  }
}
