/**
 * Which of its names an account shows: the names it owns (the name service's reverse lookup),
 * the visitor's pick kept per address, shown only while the service lists it as the address's.
 */
import { describe, expect, it } from 'vitest'
import { IdentityStore } from '../../../../src/application/account/identity-store'
import { ConnectionStore } from '../../../../src/application/connection-store'
import { ChooseAccountName, rememberDisplayName } from '../../../../src/application/names/choose-account-name'
import type { NameProfile } from '../../../../src/domain/entities'
import { InMemoryNamesApi } from '../../../fakes/blockchain/in-memory-names-api'
import { InMemoryIdentityApi } from '../../../fakes/blockchain/in-memory-identity-api'
import { InMemoryKeyValueStorage } from '../../../fakes/in-memory-key-value-storage'
import { RecordingLogger } from '../../../fakes/recording-logger'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

function profile(name: string, address: string, at: string): NameProfile {
  return { name, registered_at: at, updated_at: at, addresses: { '2147514689': { address, created: at } }, attributes: {} }
}

function world(options: { namespace?: 'eip155' | 'solana'; storage?: InMemoryKeyValueStorage } = {}) {
  const names = new InMemoryNamesApi({
    names: [profile('first.wg.id', ADDRESS, '2026-01-01T00:00:00.000Z'), profile('second.wg.id', ADDRESS, '2026-02-01T00:00:00.000Z'), profile('theirs.wg.id', OTHER, '2026-01-15T00:00:00.000Z')],
  })
  const storage = options.storage ?? new InMemoryKeyValueStorage()
  const connection = new ConnectionStore()
  const logger = new RecordingLogger()
  const identity = new IdentityStore(connection, new InMemoryIdentityApi(names), logger, { storage, names })
  const chooser = new ChooseAccountName({ connection, names, identity, storage, logger })
  const connect = (address = ADDRESS) => {
    const namespace = options.namespace ?? 'eip155'
    const network = namespace === 'eip155' ? 'eip155:31337' : 'solana:devnet'
    const shown = namespace === 'eip155' ? address : '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
    connection.set({ status: 'connected', connectorId: 'dev', namespace, caipAddress: `${network}:${shown}`, address: shown, caipNetworkId: network })
  }
  return { names, storage, connection, identity, chooser, connect, logger }
}

const shownName = async (identity: IdentityStore): Promise<string | null | undefined> => {
  const state = await new Promise<ReturnType<() => IdentityStore['snapshot']>>((resolve) => {
    const sub = identity.state$.subscribe((s) => {
      if (s.status === 'ready' || s.status === 'error') {
        resolve(s)
        queueMicrotask(() => sub.unsubscribe())
      }
    })
  })
  return state.status === 'ready' ? state.identity.name : undefined
}

describe('ChooseAccountName', () => {
  it('lists the names the connected address owns, oldest first, the oldest shown when none was picked', async () => {
    const w = world()
    w.connect()
    await w.chooser.load()
    expect(w.chooser.snapshot).toEqual({ status: 'ready', caipAddress: `eip155:31337:${ADDRESS}`, names: ['first.wg.id', 'second.wg.id'], displayed: 'first.wg.id' })
  })

  it('a pick becomes the name the account shows at once, and is remembered for the address', async () => {
    const w = world()
    w.connect()
    expect(await shownName(w.identity)).toBe('first.wg.id')
    await w.chooser.load()
    w.chooser.choose('second.wg.id')
    expect(w.chooser.snapshot).toMatchObject({ status: 'ready', displayed: 'second.wg.id' })
    expect(w.identity.snapshot).toMatchObject({ status: 'ready', identity: { name: 'second.wg.id' } })

    // Another modal on the same storage (a reload): the identity shows the pick from the start.
    const again = world({ storage: w.storage })
    again.connect()
    expect(await shownName(again.identity)).toBe('second.wg.id')
  })

  it("ignores a name the address does not own, and a stored pick it does not own is never shown", async () => {
    const w = world()
    w.connect()
    await w.chooser.load()
    w.chooser.choose('theirs.wg.id')
    expect(w.chooser.snapshot).toMatchObject({ displayed: 'first.wg.id' })
    expect([...w.storage.values.values()]).toEqual([])

    const storage = new InMemoryKeyValueStorage()
    rememberDisplayName(storage, ADDRESS, 'theirs.wg.id')
    const planted = world({ storage })
    planted.connect()
    expect(await shownName(planted.identity)).toBe('first.wg.id')
    await planted.chooser.load()
    expect(planted.chooser.snapshot).toMatchObject({ displayed: 'first.wg.id' })
  })

  it('a failed lookup is an error state with its words, and a retry recovers', async () => {
    const w = world()
    w.connect()
    w.names.failNext('reverseLookUpNames', new Error('offline'))
    await w.chooser.load()
    expect(w.chooser.snapshot).toEqual({ status: 'error', caipAddress: `eip155:31337:${ADDRESS}`, error: { code: 'profile.namesFailed' } })
    expect(w.logger.warnings).toHaveLength(1)
    await w.chooser.load()
    expect(w.chooser.snapshot).toMatchObject({ status: 'ready', names: ['first.wg.id', 'second.wg.id'] })
  })

  it('stays idle with nothing connected and for a family without names', async () => {
    const none = world()
    await none.chooser.load()
    expect(none.chooser.snapshot).toEqual({ status: 'idle' })
    const solana = world({ namespace: 'solana' })
    solana.connect()
    await solana.chooser.load()
    expect(solana.chooser.snapshot).toEqual({ status: 'idle' })
  })
})
