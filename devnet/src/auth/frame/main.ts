/**
 * The wallet frame's browser entry (bundled into /frame/app.js): reads the app (project id and
 * host origin) from the frame's own URL, wires the window, the app's storage and UI into the
 * handler, and says READY. Every app's frame shares the auth origin's storage: this one keeps its
 * session under its app's keys and names its app on every request (./app-scope).
 */
import { originOf } from '../../../../src/infrastructure/embedded-wallet/frame-protocol'
import { DomApprovalUi } from './approval-ui'
import { FRAME_APP_HEADER, appStorage, frameApp } from './app-scope'
import { FRAME_STORAGE_KEYS, FrameHandler, type FrameStorage } from './frame-handler'

/** localStorage (or sessionStorage), or memory when the browser refuses storage to a framed page (the session then lasts the page). */
function frameStorage(kind: 'localStorage' | 'sessionStorage' = 'localStorage'): FrameStorage {
  try {
    const storage = window[kind]
    const probe = 'walletgate-frame.probe'
    storage.setItem(probe, '1')
    storage.removeItem(probe)
    return storage
  } catch {
    const memory = new Map<string, string>()
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    }
  }
}

function start(): void {
  const query = new URLSearchParams(window.location.search)
  const hostOrigin = originOf(query.get('origin') ?? '')
  const status = document.getElementById('frame-status')
  if (hostOrigin === undefined || window.parent === window) {
    if (status !== null) status.textContent = 'This page is the wallet of an app; open the app instead.'
    return
  }
  // The server served this page only for this pair (the project's allow-list), framable only by that origin.
  const app = frameApp(query.get('projectId') ?? '', hostOrigin)
  const shared = frameStorage()
  // A session kept before sessions were per app would be every app's: it goes.
  shared.removeItem(FRAME_STORAGE_KEYS.token)
  const handler = new FrameHandler({
    hostOrigin,
    parent: window.parent,
    post: (message, targetOrigin) => window.parent.postMessage(message, targetOrigin),
    fetch: (path, init) => {
      const headers = new Headers(init?.headers)
      headers.set(FRAME_APP_HEADER, app)
      return window.fetch(path, { ...init, headers, credentials: 'omit' })
    },
    storage: appStorage(shared, app),
    flowStorage: appStorage(frameStorage('sessionStorage'), app),
    ui: new DomApprovalUi(document),
    reload: () => window.location.reload(),
    // getRandomValues, not randomUUID: the latter needs a secure context, which a host on a LAN address is not.
    randomId: () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
  })
  window.addEventListener('message', (event) => void handler.handle({ origin: event.origin, source: event.source, data: event.data }))
  handler.ready()
}

start()
