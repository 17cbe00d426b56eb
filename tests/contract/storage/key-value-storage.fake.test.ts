import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { keyValueStorageContract } from './key-value-storage.contract'

// The fake has no backing storage to fill or block: memory is all it ever had, which is what the
// port promises the page keeps when storage fails. Reopening a prefix hands back the same fake.
keyValueStorageContract('InMemoryKeyValueStorage', () => {
  const byPrefix = new Map<string, InMemoryKeyValueStorage>()
  return {
    open(prefix) {
      const existing = byPrefix.get(prefix)
      if (existing) return existing
      const created = new InMemoryKeyValueStorage()
      byPrefix.set(prefix, created)
      return created
    },
    fillUp: () => Promise.resolve(),
    block: () => undefined,
  }
})
