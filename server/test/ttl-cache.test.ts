import { describe, expect, it } from 'vitest'
import { ManualClock } from '../src/clock.js'
import { TtlCache } from '../src/ttl-cache.js'

describe('the per-process cache', () => {
  it('reads a key that many requests miss together once, and gives each the answer', async () => {
    const cache = new TtlCache<number>({ name: 't', clock: new ManualClock(0), ttlMs: 30_000 })
    let loads = 0
    let release!: (value: number) => void
    const load = () => {
      loads += 1
      return new Promise<number>((resolve) => (release = resolve))
    }
    const waiting = Array.from({ length: 16 }, () => cache.getOrLoad('balance', load))
    release(42)
    expect(await Promise.all(waiting)).toEqual(Array.from({ length: 16 }, () => 42))
    expect(loads).toBe(1)
  })

  it('lets a fresh read and a read after a write go to the source, and a failed read be tried again', async () => {
    const cache = new TtlCache<number>({ name: 't', clock: new ManualClock(0), ttlMs: 30_000 })
    let loads = 0
    const pending: ((value: number) => void)[] = []
    const load = () => {
      loads += 1
      return new Promise<number>((resolve) => pending.push(resolve))
    }
    const first = cache.getOrLoad('k', load)
    const fresh = cache.getOrLoad('k', load, { fresh: true })
    cache.delete('k')
    const afterWrite = cache.getOrLoad('k', load)
    expect(loads).toBe(3)
    pending.forEach((resolve, i) => resolve(i))
    expect(await Promise.all([first, fresh, afterWrite])).toEqual([0, 1, 2])
    await expect(cache.getOrLoad('failing', () => Promise.reject(new Error('node down')))).rejects.toThrow('node down')
    expect(await cache.getOrLoad('failing', async () => 7)).toBe(7)
  })
})
