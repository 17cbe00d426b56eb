/**
 * The wallet frame binds a social login to the tab that started it: starting one keeps a fresh
 * random value in the tab's storage and sends it to the service, and redeeming a ticket sends the
 * value kept (spent with it), or none when this tab started no login, which the service refuses.
 */
import { describe, expect, it } from 'vitest'
import { FRAME_STORAGE_KEYS, FrameHandler, type FrameEnv, type FrameStorage } from '../../../devnet/src/auth/frame/frame-handler'
import { FRAME_CHANNEL } from '../../../src/infrastructure/embedded-wallet/frame-protocol'

const HOST = 'http://127.0.0.1:5173'

function memory(): FrameStorage & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

function aFrame() {
  const parent = {}
  const calls: { path: string; body: unknown }[] = []
  const storage = memory()
  const flowStorage = memory()
  let ids = 0
  const env: FrameEnv = {
    hostOrigin: HOST,
    parent,
    post: () => undefined,
    fetch: async (path, init) => {
      calls.push({ path, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined })
      const json = path.startsWith('/v1/social/redeem')
        ? { token: 't', user: { accounts: { eip155: '0x1111111111111111111111111111111111111111' }, socialProvider: 'github' } }
        : path.startsWith('/v1/chains')
          ? { chains: [{ chainId: 31337, name: 'Devnet A' }] }
          : { url: 'http://auth.test/social/github/auth' }
      return { ok: true, status: 200, json: async () => json } as Response
    },
    storage,
    flowStorage,
    ui: { confirm: async () => false, setTheme: () => undefined, exportKeys: async () => false },
    reload: () => undefined,
    randomId: () => `random-value-${++ids}-0123456789abcdef`,
    now: () => 0,
  }
  const frame = new FrameHandler(env)
  let n = 0
  const send = (action: string, payload: unknown) => frame.handle({ origin: HOST, source: parent, data: { channel: FRAME_CHANNEL, kind: 'request', id: `r${++n}`, action, payload } })
  return { calls, storage, flowStorage, send }
}

describe('the frame binds a social login to the tab that started it', () => {
  it('starting keeps a fresh binding in the tab and sends it; redeeming sends it back once', async () => {
    const f = aFrame()
    await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'github', mode: 'redirect', returnUrl: `${HOST}/` })
    const kept = f.flowStorage.map.get(FRAME_STORAGE_KEYS.socialBinding)
    expect(kept).toBe('random-value-1-0123456789abcdef')
    expect(new URL(f.calls[0]!.path, 'http://auth.test').searchParams.get('binding')).toBe(kept)
    // Kept in the tab's storage only, never with the session.
    expect([...f.storage.map.values()]).not.toContain(kept)

    await f.send('CONNECT_SOCIAL', { ticket: 'ticket-1' })
    expect(f.calls.find((c) => c.path === '/v1/social/redeem')?.body).toEqual({ ticket: 'ticket-1', binding: kept })
    expect(f.flowStorage.map.has(FRAME_STORAGE_KEYS.socialBinding)).toBe(false)
  })

  it('a ticket arriving in a tab that started no login is sent without a binding (the service refuses it)', async () => {
    const f = aFrame()
    await f.send('CONNECT_SOCIAL', { ticket: 'someone-elses' })
    expect(f.calls.find((c) => c.path === '/v1/social/redeem')?.body).toEqual({ ticket: 'someone-elses' })
  })

  it('a new login replaces the binding of one left unfinished', async () => {
    const f = aFrame()
    await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'github', mode: 'popup' })
    await f.send('GET_SOCIAL_REDIRECT_URI', { provider: 'google', mode: 'popup' })
    expect(f.flowStorage.map.get(FRAME_STORAGE_KEYS.socialBinding)).toBe('random-value-2-0123456789abcdef')
  })
})
