import type { ServiceIdentifier } from 'inversify'

/** Small persistent string storage (localStorage in a browser), namespaced per modal. */
export interface KeyValueStorage {
  /** MUST resolve null for a missing key or when storage is unavailable; never throws. */
  get(key: string): string | null
  /** MUST NOT throw when storage is full or blocked (the value is then kept in memory only). */
  set(key: string, value: string): void
  /** MUST NOT throw. */
  remove(key: string): void
}
export const KeyValueStorage = Symbol('KeyValueStorage') as ServiceIdentifier<KeyValueStorage>
