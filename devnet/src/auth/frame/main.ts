/**
 * The wallet frame's browser entry (bundled into /frame/app.js): reads the host origin from the
 * frame's own URL, wires the window, storage and UI into the handler, and says READY.
 */
import { originOf } from '../../../../src/infrastructure/embedded-wallet/frame-protocol'
import { DomApprovalUi } from './approval-ui'
import { FrameHandler, type FrameStorage } from './frame-handler'

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
  const hostOrigin = originOf(new URLSearchParams(window.location.search).get('origin') ?? '')
  const status = document.getElementById('frame-status')
  if (hostOrigin === undefined || window.parent === window) {
    if (status !== null) status.textContent = 'This page is the wallet of an app; open the app instead.'
    return
  }
  const handler = new FrameHandler({
    hostOrigin,
    parent: window.parent,
    post: (message, targetOrigin) => window.parent.postMessage(message, targetOrigin),
    fetch: (path, init) => window.fetch(path, { ...init, credentials: 'omit' }),
    storage: frameStorage(),
    // A social login's binding stays with the tab that started it.
    flowStorage: frameStorage('sessionStorage'),
    ui: new DomApprovalUi(document),
    reload: () => window.location.reload(),
    // getRandomValues, not randomUUID: the latter needs a secure context, which a host on a LAN address is not.
    randomId: () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
  })
  window.addEventListener('message', (event) => void handler.handle({ origin: event.origin, source: event.source, data: event.data }))
  handler.ready()
}

start()
