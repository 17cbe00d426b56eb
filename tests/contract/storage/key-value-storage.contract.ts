/**
 * Runs the KeyValueStorage contract's cases (key-value-storage.cases.ts) under vitest, one test
 * per case, each on a fresh world.
 */
import { describe, it } from 'vitest'
import { keyValueStorageCases, type KeyValueStorageWorld } from './key-value-storage.cases'

export function keyValueStorageContract(label: string, makeWorld: () => KeyValueStorageWorld): void {
  describe(`KeyValueStorage contract: ${label}`, () => {
    for (const c of keyValueStorageCases) {
      it(c.name, async () => {
        await c.run(makeWorld())
      })
    }
  })
}
