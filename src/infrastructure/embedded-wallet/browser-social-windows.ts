/**
 * {@link SocialWindows} of the page: `message` events from the auth origin's callback page, the
 * address bar's `#walletgate_social=` marker on the way back from a redirect, and navigation.
 */
import { Observable } from 'rxjs'
import type { SocialCallback, SocialWindows } from '../../ports/social-window'

/** The callback page's message type (devnet/src/auth/social/login.ts posts it to window.opener). */
const MESSAGE_TYPE = 'walletgate:social'
const TICKET_MARKER = 'walletgate_social'
const ERROR_MARKER = 'walletgate_social_error'

export class BrowserSocialWindows implements SocialWindows {
  constructor(private readonly win: Window = window) {}

  callbacks(origin: string): Observable<SocialCallback> {
    return new Observable<SocialCallback>((subscriber) => {
      const onMessage = (event: MessageEvent) => {
        if (event.origin !== origin) return
        const callback = callbackOf(event.data)
        if (callback !== undefined) subscriber.next(callback)
      }
      this.win.addEventListener('message', onMessage)
      return () => this.win.removeEventListener('message', onMessage)
    })
  }

  currentUrl(): string {
    const url = new URL(this.win.location.href)
    url.hash = withoutMarkers(url.hash)
    return url.href
  }

  navigate(url: string): void {
    this.win.location.assign(url)
  }

  takeReturn(): SocialCallback | undefined {
    const hash = this.win.location.hash
    const params = new URLSearchParams(hash.slice(1))
    const ticket = params.get(TICKET_MARKER)
    const error = params.get(ERROR_MARKER)
    if (ticket === null && error === null) return undefined
    // The ticket works once: it leaves the address bar (and the history entry) before it is redeemed.
    const url = new URL(this.win.location.href)
    url.hash = withoutMarkers(hash)
    this.win.history.replaceState(this.win.history.state, '', url.href)
    if (ticket !== null && ticket !== '') return { ticket }
    return { error: error === null || error === '' ? 'server_error' : error }
  }
}

function callbackOf(data: unknown): SocialCallback | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const { type, ticket, error } = data as Record<string, unknown>
  if (type !== MESSAGE_TYPE) return undefined
  if (typeof ticket === 'string' && ticket.length > 0 && ticket.length <= 512) return { ticket }
  if (typeof error === 'string' && error.length > 0 && error.length <= 100) return { error }
  return undefined
}

function withoutMarkers(hash: string): string {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (!params.has(TICKET_MARKER) && !params.has(ERROR_MARKER)) return hash
  params.delete(TICKET_MARKER)
  params.delete(ERROR_MARKER)
  const rest = params.toString()
  return rest === '' ? '' : `#${rest}`
}
