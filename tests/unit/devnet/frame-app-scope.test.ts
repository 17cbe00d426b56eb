/**
 * One session per app in the wallet frame: every app's frame shares the auth origin's storage, so
 * each keeps its session, chain and pending login under keys of its app (project id and host
 * origin); only the device id is the browser's. A session one app's frame kept is not there for
 * another app's frame.
 */
import { describe, expect, it } from 'vitest'
import { appStorage, frameApp, requestApp, FRAME_APP_HEADER } from '../../../devnet/src/auth/frame/app-scope'
import { FRAME_STORAGE_KEYS, FrameHandler, type FrameStorage } from '../../../devnet/src/auth/frame/frame-handler'
import { FRAME_CHANNEL } from '../../../src/infrastructure/embedded-wallet/frame-protocol'

function shared(): FrameStorage & { map: Map<string, string> } {
  const map = new Map<string, string>()
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

const DEMO = frameApp('walletgate-test', 'http://127.0.0.1:5173')
const OTHER = frameApp('walletgate-test', 'http://127.0.0.1:6000')

describe('appStorage', () => {
  it('keeps each app\'s keys apart in one storage, the device id shared', () => {
    const storage = shared()
    const demo = appStorage(storage, DEMO)
    const other = appStorage(storage, OTHER)
    demo.setItem(FRAME_STORAGE_KEYS.token, 'demo-token')
    demo.setItem(FRAME_STORAGE_KEYS.pendingEmail, 'ada@example.test')
    demo.setItem(FRAME_STORAGE_KEYS.deviceId, 'device-1')
    expect(other.getItem(FRAME_STORAGE_KEYS.token)).toBeNull()
    expect(other.getItem(FRAME_STORAGE_KEYS.pendingEmail)).toBeNull()
    expect(other.getItem(FRAME_STORAGE_KEYS.deviceId)).toBe('device-1')
    expect(storage.getItem(FRAME_STORAGE_KEYS.token)).toBeNull()
    other.removeItem(FRAME_STORAGE_KEYS.token)
    expect(demo.getItem(FRAME_STORAGE_KEYS.token)).toBe('demo-token')
  })

  it('the app on the wire is the project and the host origin; the service reads it from the frame\'s header only', () => {
    expect(DEMO).toBe('walletgate-test http://127.0.0.1:5173')
    expect(requestApp({ [FRAME_APP_HEADER]: DEMO })).toBe(DEMO)
    expect(requestApp({})).toBeUndefined()
    expect(requestApp({ [FRAME_APP_HEADER]: ['a', 'b'] })).toBeUndefined()
    expect(requestApp({ [FRAME_APP_HEADER]: 'x'.repeat(513) })).toBeUndefined()
  })

  it('another app\'s frame over the same storage is not connected and asks the service nothing with a token', async () => {
    const storage = shared()
    appStorage(storage, DEMO).setItem(FRAME_STORAGE_KEYS.token, 'demo-token')
    const parent = {}
    const posted: Record<string, unknown>[] = []
    const fetched: (string | undefined)[] = []
    const frame = new FrameHandler({
      hostOrigin: 'http://127.0.0.1:6000',
      parent,
      post: (message) => void posted.push(message as unknown as Record<string, unknown>),
      fetch: async (_path, init) => {
        const authorization = (init?.headers as Record<string, string> | undefined)?.authorization
        fetched.push(authorization)
        // As the service answers: no token (and no session cookie in this fake) is 401.
        return (authorization === undefined ? { ok: false, status: 401, json: async () => ({ message: 'Not signed in' }) } : { ok: true, status: 200, json: async () => ({}) }) as Response
      },
      storage: appStorage(storage, OTHER),
      ui: { confirm: async () => true, setTheme: () => undefined, exportKeys: async () => false },
      reload: () => undefined,
      randomId: () => 'id',
      now: () => 0,
    })
    await frame.handle({ origin: 'http://127.0.0.1:6000', source: parent, data: { channel: FRAME_CHANNEL, kind: 'request', id: 'r1', action: 'IS_CONNECTED', payload: {} } })
    await frame.handle({ origin: 'http://127.0.0.1:6000', source: parent, data: { channel: FRAME_CHANNEL, kind: 'request', id: 'r2', action: 'GET_USER', payload: {} } })
    expect(posted[0]).toMatchObject({ id: 'r1', ok: true, payload: { isConnected: false } })
    expect(posted[1]).toMatchObject({ id: 'r2', ok: false, error: { code: 4100 } })
    expect(fetched.filter((auth) => auth !== undefined)).toEqual([])
  })
})
