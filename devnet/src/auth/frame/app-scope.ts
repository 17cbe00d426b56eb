/**
 * One wallet per person, one session per app. Every app's wallet frame runs on the same auth
 * origin, so its storage is shared by all of them; an app here is a project id and a host origin
 * (the pair the service checked against the project's allow-list before serving the frame, and
 * which the frame's CSP pins as its only ancestor). Each app's frame keeps its own session under
 * keys of its own, and names its app on every request to the auth service, which accepts a
 * session only from the app it was made for. The person's wallet is the same in every app; being
 * signed in is per app.
 */
import { FRAME_STORAGE_KEYS, type FrameStorage } from './frame-handler'

export { FRAME_APP_HEADER, frameApp, requestApp } from '../../../../server/src/wallet/http/frame-app'

/** The browser's, not an app's: a device approved once stays approved for the person's other apps. */
const BROWSER_KEYS: ReadonlySet<string> = new Set([FRAME_STORAGE_KEYS.deviceId])

/** `storage` as one app sees it: every key but the browser's carries the app's name. */
export function appStorage(storage: FrameStorage, app: string): FrameStorage {
  const scoped = (key: string) => (BROWSER_KEYS.has(key) ? key : `${key}@${app}`)
  return {
    getItem: (key) => storage.getItem(scoped(key)),
    setItem: (key, value) => storage.setItem(scoped(key), value),
    removeItem: (key) => storage.removeItem(scoped(key)),
  }
}
