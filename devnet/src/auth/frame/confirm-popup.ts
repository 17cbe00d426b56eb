/**
 * Confirmation in a top-level window of the auth origin, for browsers where the frame cannot know
 * it is visible (approval-arming.ts). The frame opens CONFIRM_POPUP_PATH on its own origin; the
 * popup says it is ready to its opener, the frame sends it the request with a one-time token, the
 * visitor answers there, and the popup posts the answer with that token back to its opener.
 *
 * Who can take part: the frame takes messages only from the window it opened, at its own origin,
 * carrying the token it gave; the popup takes the request only from its opener at its own origin
 * and posts only to that origin. The host page is another origin: it can neither read nor send
 * these messages, and a window it opens or navigates is not the one the frame waits for.
 */
import type { ApprovalDetails, FrameUi } from './frame-handler'

import { CONFIRM_POPUP_PATH } from '../../../../server/src/wallet/http/frame-page'

/** The popup's page on the wallet origin (the server serves it). */
export { CONFIRM_POPUP_PATH }
export const CONFIRM_CHANNEL = 'walletgate-confirm/1'
const POPUP_FEATURES = 'popup,width=440,height=640'

type PopupMessage =
  | { channel: typeof CONFIRM_CHANNEL; kind: 'ready' }
  | { channel: typeof CONFIRM_CHANNEL; kind: 'show'; token: string; details: ApprovalDetails }
  | { channel: typeof CONFIRM_CHANNEL; kind: 'answer'; token: string; approved: boolean }

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

function isDetails(value: unknown): value is ApprovalDetails {
  if (!isRecord(value) || typeof value.title !== 'string' || typeof value.method !== 'string') return false
  if (value.appName !== undefined && typeof value.appName !== 'string') return false
  return Array.isArray(value.rows) && value.rows.every((r) => isRecord(r) && typeof r.label === 'string' && typeof r.value === 'string')
}

/** What the frame needs of its window to open and hear the popup. */
export interface PopupOpener {
  readonly origin: string
  open(url: string, target: string, features: string): PopupWindow | null
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  randomId(): string
}

export interface PopupWindow {
  postMessage(message: unknown, targetOrigin: string): void
  close(): void
}

/**
 * Opens the confirmation popup for `details`; resolves the visitor's answer there, or undefined
 * when the browser blocked the popup. Aborting `signal` closes the popup and forgets its answer.
 */
export function confirmInPopup(win: PopupOpener, details: ApprovalDetails, signal: AbortSignal): Promise<boolean | undefined> {
  const popup = win.open(`${win.origin}${CONFIRM_POPUP_PATH}`, '_blank', POPUP_FEATURES)
  if (popup === null) return Promise.resolve(undefined)
  const token = win.randomId()
  return new Promise<boolean | undefined>((resolve) => {
    const finish = (approved: boolean | undefined) => {
      win.removeEventListener('message', onMessage)
      signal.removeEventListener('abort', onAbort)
      popup.close()
      resolve(approved)
    }
    const onMessage = (event: MessageEvent) => {
      if (event.source !== popup || event.origin !== win.origin) return
      const data: unknown = event.data
      if (!isRecord(data) || data.channel !== CONFIRM_CHANNEL) return
      if (data.kind === 'ready') {
        const show: PopupMessage = { channel: CONFIRM_CHANNEL, kind: 'show', token, details }
        popup.postMessage(show, win.origin)
      } else if (data.kind === 'answer' && data.token === token && typeof data.approved === 'boolean') {
        finish(data.approved)
      }
    }
    const onAbort = () => finish(undefined)
    win.addEventListener('message', onMessage)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}

/** What the popup needs of its window. */
export interface PopupSide {
  readonly origin: string
  readonly opener: PopupWindow | null
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void
  close(): void
}

/**
 * The popup's side: asks its opener (at its own origin) for the request, shows it with `ui`, and
 * posts the visitor's answer back. Returns false when there is no opener to answer.
 */
export function servePopup(win: PopupSide, ui: Pick<FrameUi, 'confirm' | 'setTheme'>): boolean {
  const opener = win.opener
  if (opener === null) return false
  let shown = false
  win.addEventListener('message', (event: MessageEvent) => {
    if (shown || event.source !== opener || event.origin !== win.origin) return
    const data: unknown = event.data
    if (!isRecord(data) || data.channel !== CONFIRM_CHANNEL || data.kind !== 'show' || typeof data.token !== 'string' || !isDetails(data.details)) return
    shown = true
    const token = data.token
    void ui.confirm(data.details, new AbortController().signal).then((approved) => {
      const answer: PopupMessage = { channel: CONFIRM_CHANNEL, kind: 'answer', token, approved }
      opener.postMessage(answer, win.origin)
      win.close()
    })
  })
  const ready: PopupMessage = { channel: CONFIRM_CHANNEL, kind: 'ready' }
  opener.postMessage(ready, win.origin)
  return true
}
