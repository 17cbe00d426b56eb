/**
 * The SiwxStorage contract: one suite, run against LocalSiwxStorage (over the modal's key-value
 * storage), HttpSiwxStorage (over the devnet's auth endpoints, which verify what they keep) and
 * InMemorySiwxStorage, so the fake the sign-in tests lean on cannot drift.
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
  /**
   * Completes a session the suite built into one the storage accepts (a storage that verifies what
   * it keeps needs its own nonce and a real signature). Default: the session as built.
   */
  signed?(session: SiwxSession): Promise<SiwxSession>
}

export type SessionOverrides = Parameters<typeof aSiwxSession>[1]

const HOUR = 3_600_000
// Two devnet development accounts (so a storage that checks signatures can be given real ones).
export const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

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
  const session = (world: SiwxStorageWorld, overrides?: SessionOverrides): Promise<SiwxSession> => {
    const built = aSiwxSession(world.clock, overrides)
    return world.signed === undefined ? Promise.resolve(built) : world.signed(built)
  }
  describe(`SiwxStorage contract: ${name}`, () => {
    it('hands back what was added, and survives a reload', async () => {
      const world = makeWorld()
      const added = await session(world)
      await world.storage.add(added)
      expect(await world.storage.get()).toEqual([added])
      expect(await world.reopen().get({ caipNetworkId: 'eip155:31337', address: A })).toEqual([added])
    })

    it('keeps one session per address and network: a new one replaces the old', async () => {
      const world = makeWorld()
      const first = await session(world)
      world.clock.advance(1000)
      const second = await session(world, { address: A.toLowerCase() })
      await world.storage.add(first)
      await world.storage.add(second)
      expect(await world.storage.get()).toEqual([second])
    })

    it('filters by network and address (case-insensitive)', async () => {
      const world = makeWorld()
      const a1 = await session(world)
      const a2 = await session(world, { chainId: 'eip155:31338' })
      const b1 = await session(world, { address: B })
      for (const s of [a1, a2, b1]) await world.storage.add(s)
      expect(await world.storage.get({ address: A.toUpperCase().replace('0X', '0x') })).toEqual([a1, a2])
      expect(await world.storage.get({ caipNetworkId: 'eip155:31337' })).toEqual([a1, b1])
      expect(await world.storage.get({ caipNetworkId: 'eip155:31338', address: B })).toEqual([])
    })

    it('deletes what the filter matches, or everything', async () => {
      const world = makeWorld()
      const a1 = await session(world)
      const a2 = await session(world, { chainId: 'eip155:31338' })
      const b1 = await session(world, { address: B })
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
      const expiring = await session(world, { expiresInMs: 1000 })
      const later = await session(world, { address: B, issuedIn: 5000 })
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
