/**
 * The SiwxStorage contract: one suite, run against LocalSiwxStorage (over the modal's key-value
 * storage) and against InMemorySiwxStorage, so the fake the sign-in tests lean on cannot drift.
 */
import { describe, expect, it } from 'vitest'
import type { SiwxSession } from '../../../src/domain/entities'
import { siwxMessageData } from '../../../src/domain/siwx/siwx-message-data'
import type { SiwxStorage } from '../../../src/ports/siwx'
import { type ManualClock } from '../../fakes/manual-clock'

export interface SiwxStorageWorld {
  readonly storage: SiwxStorage
  readonly clock: ManualClock
  /** The same storage as a reloaded page finds it (a new instance over the same backing store). */
  reopen(): SiwxStorage
}

const HOUR = 3_600_000
const A = '0xAbC0000000000000000000000000000000000001'
const B = '0x00000000000000000000000000000000000000B2'

export function aSiwxSession(clock: ManualClock, overrides: { address?: string; chainId?: `eip155:${number}`; issuedIn?: number; expiresInMs?: number } = {}): SiwxSession {
  const data = siwxMessageData({
    accountAddress: overrides.address ?? A,
    chainId: overrides.chainId ?? 'eip155:31337',
    domain: 'app.test',
    uri: 'https://app.test',
    nonce: 'abcdefgh12',
    nowMs: clock.now() + (overrides.issuedIn ?? 0),
    expiresInMs: overrides.expiresInMs ?? HOUR,
  })
  return { data, message: `message for ${data.accountAddress} on ${data.chainId}`, signature: '0x01' }
}

export function siwxStorageContract(name: string, makeWorld: () => SiwxStorageWorld): void {
  describe(`SiwxStorage contract: ${name}`, () => {
    it('hands back what was added, and survives a reload', async () => {
      const world = makeWorld()
      const session = aSiwxSession(world.clock)
      await world.storage.add(session)
      expect(await world.storage.get()).toEqual([session])
      expect(await world.reopen().get({ caipNetworkId: 'eip155:31337', address: A })).toEqual([session])
    })

    it('keeps one session per address and network: a new one replaces the old', async () => {
      const world = makeWorld()
      const first = aSiwxSession(world.clock)
      world.clock.advance(1000)
      const second = aSiwxSession(world.clock, { address: A.toLowerCase() })
      await world.storage.add(first)
      await world.storage.add(second)
      expect(await world.storage.get()).toEqual([second])
    })

    it('filters by network and address (case-insensitive)', async () => {
      const world = makeWorld()
      const a1 = aSiwxSession(world.clock)
      const a2 = aSiwxSession(world.clock, { chainId: 'eip155:31338' })
      const b1 = aSiwxSession(world.clock, { address: B })
      for (const s of [a1, a2, b1]) await world.storage.add(s)
      expect(await world.storage.get({ address: A.toUpperCase().replace('0X', '0x') })).toEqual([a1, a2])
      expect(await world.storage.get({ caipNetworkId: 'eip155:31337' })).toEqual([a1, b1])
      expect(await world.storage.get({ caipNetworkId: 'eip155:31338', address: B })).toEqual([])
    })

    it('deletes what the filter matches, or everything', async () => {
      const world = makeWorld()
      const a1 = aSiwxSession(world.clock)
      const a2 = aSiwxSession(world.clock, { chainId: 'eip155:31338' })
      const b1 = aSiwxSession(world.clock, { address: B })
      for (const s of [a1, a2, b1]) await world.storage.add(s)
      await world.storage.delete({ address: A, caipNetworkId: 'eip155:31338' })
      expect(await world.storage.get()).toEqual([a1, b1])
      await world.storage.delete({ address: A.toLowerCase() })
      expect(await world.storage.get()).toEqual([b1])
      await world.storage.delete()
      expect(await world.reopen().get()).toEqual([])
    })

    it('never hands out a session that expired or is not yet valid, and forgets it', async () => {
      const world = makeWorld()
      const expiring = aSiwxSession(world.clock, { expiresInMs: 1000 })
      const later = aSiwxSession(world.clock, { address: B, issuedIn: 5000 })
      await world.storage.add(expiring)
      await world.storage.add(later)
      expect(await world.storage.get()).toEqual([expiring])
      world.clock.advance(1000)
      expect(await world.storage.get()).toEqual([])
      // Seen before its time, the session was dropped: it does not come back once valid.
      world.clock.advance(4000)
      expect(await world.reopen().get()).toEqual([])
    })
  })
}
