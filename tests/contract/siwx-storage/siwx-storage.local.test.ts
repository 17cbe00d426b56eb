import { describe, expect, it } from 'vitest'
import { LocalSiwxStorage } from '../../../src/infrastructure/siwx/local-siwx-storage'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { ManualClock } from '../../fakes/manual-clock'
import { aSiwxSession, siwxStorageContract } from './siwx-storage.contract'

siwxStorageContract('LocalSiwxStorage', () => {
  const clock = new ManualClock()
  const kv = new InMemoryKeyValueStorage()
  return { storage: new LocalSiwxStorage(kv, clock), clock, reopen: () => new LocalSiwxStorage(kv, clock) }
})

describe('LocalSiwxStorage', () => {
  it('deletes sessions that expired from the key-value storage when it reads them', async () => {
    const clock = new ManualClock()
    const kv = new InMemoryKeyValueStorage()
    const storage = new LocalSiwxStorage(kv, clock)
    await storage.add(aSiwxSession(clock, { expiresInMs: 1000 }))
    expect(kv.values.size).toBe(1)
    clock.advance(1000)
    await storage.get()
    expect(kv.values.size).toBe(0)
  })

  it('drops unreadable entries instead of failing', async () => {
    const clock = new ManualClock()
    const kv = new InMemoryKeyValueStorage()
    const good = aSiwxSession(clock)
    kv.set('siwx:sessions', JSON.stringify([{ data: 1 }, good, 'x']))
    expect(await new LocalSiwxStorage(kv, clock).get()).toEqual([good])
    kv.set('siwx:sessions', '{not json')
    expect(await new LocalSiwxStorage(kv, clock).get()).toEqual([])
  })
})
