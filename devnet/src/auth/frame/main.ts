/**
/**
 * The wallet frame's browser entry (bundled into /frame/app.js): reads the app (project id and
 * host origin) from the frame's own URL, wires the window, the app's storage and UI into the
 * handler, and says READY. Every app's frame shares the auth origin's storage: this one keeps its
 * session under its app's keys and names its app on every request (./app-scope). The same script
 * serves the confirmation popup (CONFIRM_POPUP_PATH), opened by the frame where the browser cannot
 * tell it whether the frame is visible.
 */
import { startAuthentication, startRegistration, type PublicKeyCredentialCreationOptionsJSON, type PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { originOf } from '../../../../src/infrastructure/embedded-wallet/frame-protocol'
import { confirmationPlace, focusVisibility, intersectionVisibility, type Timers } from './approval-arming'
import { DomApprovalUi, type ApprovalArming } from './approval-ui'
import { FRAME_APP_HEADER, appStorage, frameApp } from './app-scope'
import { CONFIRM_POPUP_PATH, confirmInPopup, servePopup } from './confirm-popup'
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

// getRandomValues, not randomUUID: the latter needs a secure context, which a host on a LAN address is not.
const randomId = () => Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')

const timers: Timers = {
  set: (fn, ms) => window.setTimeout(fn, ms),
  clear: (handle) => window.clearTimeout(handle as number),
}

/** Approve armed by the frame's visibility where the browser reports it, else confirmed in a popup. */
function frameArming(): ApprovalArming {
  if (confirmationPlace(window) === 'frame') return { kind: 'watch', watch: intersectionVisibility(window), timers }
  const opener = {
    origin: window.location.origin,
    open: (url: string, target: string, features: string) => window.open(url, target, features),
    addEventListener: (type: 'message', listener: (event: MessageEvent) => void) => window.addEventListener(type, listener),
    removeEventListener: (type: 'message', listener: (event: MessageEvent) => void) => window.removeEventListener(type, listener),
    randomId,
  }
  return { kind: 'popup', open: (details, signal) => confirmInPopup(opener, details, signal) }
}

function startPopup(status: HTMLElement | null): void {
  const ui = new DomApprovalUi(document, { kind: 'watch', watch: focusVisibility(window), timers })
  const opener = window.opener as Window | null
  const served = servePopup(
    {
      origin: window.location.origin,
      opener,
      addEventListener: (type, listener) => window.addEventListener(type, listener),
      close: () => window.close(),
    },
    ui,
  )
  if (!served && status !== null) status.textContent = 'This window confirms a request of your wallet; open it from the app instead.'
}

function start(): void {
  const status = document.getElementById('frame-status')
  if (window.location.pathname === CONFIRM_POPUP_PATH) {
    startPopup(status)
    return
  }
  const query = new URLSearchParams(window.location.search)
  const hostOrigin = originOf(query.get('origin') ?? '')
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
      // Same origin only: the session cookie (partitioned, HttpOnly) goes to the wallet's own API.
      return window.fetch(path, { ...init, headers, credentials: 'same-origin' })
    },
    storage: appStorage(shared, app),
    flowStorage: appStorage(frameStorage('sessionStorage'), app),
    ui: new DomApprovalUi(document, frameArming()),
    reload: () => window.location.reload(),
    randomId,
    now: () => Date.now(),
    // WebAuthn through @simplewebauthn/browser (the options' and answers' JSON forms), where the browser has it.
    ...(typeof window.PublicKeyCredential === 'function'
      ? {
          webauthn: {
            create: (options: unknown) => startRegistration({ optionsJSON: options as PublicKeyCredentialCreationOptionsJSON }),
            get: (options: unknown) => startAuthentication({ optionsJSON: options as PublicKeyCredentialRequestOptionsJSON }),
          },
        }
      : {}),
  })
  window.addEventListener('message', (event) => void handler.handle({ origin: event.origin, source: event.source, data: event.data }))
  handler.ready()
}

start()
