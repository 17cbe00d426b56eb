/**
 * The wallet frame's browser entry (bundled into /frame/app.js): reads the host origin from the
 * frame's own URL, wires the window, storage and UI into the handler, and says READY.
 */
import { originOf } from '../../../../src/infrastructure/embedded-wallet/frame-protocol'
import { DomApprovalUi } from './approval-ui'
import { FrameHandler, type FrameStorage } from './frame-handler'

/** localStorage, or memory when the browser refuses storage to a framed page (the session then lasts the page). */
function frameStorage(): FrameStorage {
  try {
    const probe = 'walletgate-frame.probe'
    window.localStorage.setItem(probe, '1')
    window.localStorage.removeItem(probe)
    return window.localStorage
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
    ui: new DomApprovalUi(document),
    reload: () => window.location.reload(),
    // getRandomValues, not randomUUID: the latter needs a secure context, which a host on a LAN address is not.
    randomId: () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
    now: () => Date.now(),
  })
  window.addEventListener('message', (event) => void handler.handle({ origin: event.origin, source: event.source, data: event.data }))
  handler.ready()
}

start()
