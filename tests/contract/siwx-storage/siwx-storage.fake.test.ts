import { InMemorySiwxStorage } from '../../fakes/in-memory-siwx-storage'
import { ManualClock } from '../../fakes/manual-clock'
import { siwxStorageContract } from './siwx-storage.contract'

siwxStorageContract('InMemorySiwxStorage', () => {
  const clock = new ManualClock()
  const storage = new InMemorySiwxStorage(clock)
  return { storage, clock, reopen: () => storage }
})
