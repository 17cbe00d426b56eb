import { describe, expect, it } from 'vitest'
import { SmartSessionsStore } from '../../../../src/application/sessions/smart-sessions-store'
import type { ConnectedAccount } from '../../../../src/application/connection-store'
import { SmartSessionsListError, type SmartSession } from '../../../../src/domain/sessions/smart-sessions'
import { ServiceUnreachableError } from '../../../../src/ports/http-errors'
import { FakeSessionKeyWallet } from '../../../fakes/fake-session-key-wallet'
import { InMemorySmartSessionsApi } from '../../../fakes/in-memory-smart-sessions-api'
import { RecordingLogger } from '../../../fakes/recording-logger'

const SMART = '0x00000000000000000000000000000000000a11ce'
const session = (n: number, over: Partial<SmartSession> = {}): SmartSession => {
  const key = `0x${n.toString(16).padStart(40, '0')}`
  return { pci: `${SMART}${key.slice(2)}`, chainId: 31337, key, expiry: 1_900_000_000 + n, valueLimit: 10n ** 16n, spent: 0n, targets: [], active: true, ...over }
}

function world() {
  const api = new InMemorySmartSessionsApi()
  const wallet = new FakeSessionKeyWallet(api, new Set(['AUTH']), () => SMART)
  const account = { connectorId: 'AUTH', namespace: 'eip155', address: SMART, caipAddress: `eip155:31337:${SMART}`, caipNetworkId: 'eip155:31337', accountType: 'smartAccount' } as ConnectedAccount
  const logger = new RecordingLogger()
  const store = new SmartSessionsStore({ connection: { account: (ns) => (ns === 'eip155' ? account : undefined) }, api, wallet, logger })
  return { api, wallet, store, logger }
}

describe('SmartSessionsStore (the sessions view)', () => {
  it('loads nothing before it is asked, then the active sessions of the connected account', async () => {
    const w = world()
    w.api.grant(SMART, session(1))
    w.api.grant(SMART, session(2, { active: false }))
    expect(w.store.snapshot).toEqual({ status: 'idle' })
    expect(w.api.calls).toEqual([])
    await w.store.load()
    expect(w.store.snapshot).toEqual({ status: 'ready', sessions: [session(1)] })
    expect(w.api.calls).toEqual([`list ${SMART}`])
  })

  it('a malformed answer is an error state with plain words, not an empty list', async () => {
    const w = world()
    w.api.failNextList = new SmartSessionsListError('malformed')
    await w.store.load()
    expect(w.store.snapshot).toMatchObject({ status: 'error', error: { code: 'sessions.listMalformed' } })
    expect(w.logger.warnings).toHaveLength(1)
  })

  it('an unreachable service says so in plain words (no path, no status line)', async () => {
    const w = world()
    w.api.failNextList = new ServiceUnreachableError('/v1/sessions/0xabc', new TypeError('fetch failed'))
    await w.store.load()
    expect(w.store.snapshot).toMatchObject({ status: 'error', error: { code: 'sessions.listUnavailable' } })
  })

  it("revokes: the owner's removal, then the service's confirmation with its hash, then the list again without it", async () => {
    const w = world()
    w.api.grant(SMART, session(1))
    w.api.grant(SMART, session(2))
    await w.store.load()
    await w.store.revoke(session(1).pci)
    expect(w.wallet.requests).toEqual([`remove ${session(1).key}`])
    expect(w.api.calls).toEqual([`list ${SMART}`, `confirm ${session(1).pci} 0x${'ab'.repeat(32)}`, `list ${SMART}`])
    expect(w.store.snapshot).toEqual({ status: 'ready', sessions: [session(2)] })
  })

  it('a second click while a revoke is under way does nothing', async () => {
    const w = world()
    w.api.grant(SMART, session(1))
    w.api.grant(SMART, session(2))
    await w.store.load()
    w.wallet.hold()
    const first = w.store.revoke(session(1).pci)
    expect(w.store.snapshot).toMatchObject({ status: 'ready', revoking: session(1).pci })
    await w.store.revoke(session(1).pci)
    await w.store.revoke(session(2).pci)
    w.wallet.release()
    await first
    expect(w.wallet.requests).toEqual([`remove ${session(1).key}`])
    expect(w.store.snapshot).toEqual({ status: 'ready', sessions: [session(2)] })
  })

  it('the visitor declining in the wallet keeps the session listed, with plain words, and the button free again', async () => {
    const w = world()
    w.api.grant(SMART, session(1))
    await w.store.load()
    w.wallet.decline = true
    await w.store.revoke(session(1).pci)
    expect(w.store.snapshot).toEqual({ status: 'ready', sessions: [session(1)], revokeError: { code: 'sessions.declined' } })
    expect(w.api.calls.filter((c) => c.startsWith('confirm'))).toEqual([])
  })

  it('a service that does not confirm (the key still on chain) says so in plain words', async () => {
    const w = world()
    w.api.grant(SMART, session(1))
    await w.store.load()
    // The removal "succeeds" but the chain still holds the key: the service answers 409.
    const remove = w.wallet.removeSessionKey.bind(w.wallet)
    w.wallet.removeSessionKey = async (id, s) => {
      await remove(id, s)
      w.api.grant(SMART, session(1))
      return '0x01'
    }
    await w.store.revoke(session(1).pci)
    expect(w.store.snapshot).toMatchObject({ status: 'ready', revokeError: { code: 'sessions.stillGranted' } })
  })
})
