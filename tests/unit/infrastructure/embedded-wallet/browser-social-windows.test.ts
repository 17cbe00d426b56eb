/**
 * The page side of a social login over a stand-in window: only the auth origin's callbacks of the
 * protocol's shape are heard, and the redirect marker is read once and leaves the address bar.
 */
import { describe, expect, it } from 'vitest'
import { BrowserSocialWindows } from '../../../../src/infrastructure/embedded-wallet/browser-social-windows'
import type { SocialCallback } from '../../../../src/ports/social-window'

const AUTH = 'http://localhost:8790'

function aWindow(href: string) {
  const target = new EventTarget()
  const location = { href, hash: new URL(href).hash, assigned: [] as string[], assign: (url: string) => location.assigned.push(url) }
  const history = {
    state: null,
    replaceState: (_state: unknown, _title: string, url: string) => {
      location.href = url
      location.hash = new URL(url).hash
    },
  }
  const win = { addEventListener: target.addEventListener.bind(target), removeEventListener: target.removeEventListener.bind(target), location, history }
  const post = (origin: string, data: unknown) => target.dispatchEvent(Object.assign(new Event('message'), { origin, data }))
  return { win: win as unknown as Window, location, post }
}

describe('BrowserSocialWindows', () => {
  it('hears the auth origin callback page and nothing else', () => {
    const { win, post } = aWindow('http://127.0.0.1:5173/')
    const heard: SocialCallback[] = []
    const subscription = new BrowserSocialWindows(win).callbacks(AUTH).subscribe((c) => heard.push(c))
    post('http://evil.test', { type: 'walletgate:social', ticket: 'stolen' })
    post(AUTH, { type: 'other', ticket: 'x' })
    post(AUTH, 'walletgate:social')
    post(AUTH, { type: 'walletgate:social', ticket: 42 })
    post(AUTH, { type: 'walletgate:social', ticket: 't-1' })
    post(AUTH, { type: 'walletgate:social', error: 'access_denied' })
    subscription.unsubscribe()
    post(AUTH, { type: 'walletgate:social', ticket: 't-2' })
    expect(heard).toEqual([{ ticket: 't-1' }, { error: 'access_denied' }])
  })

  it('reads the ticket once, removing it from the address bar but keeping the rest of the page URL', () => {
    const { win, location } = aWindow('http://127.0.0.1:5173/shop?x=1#walletgate_social=abc')
    const windows = new BrowserSocialWindows(win)
    expect(windows.takeReturn()).toEqual({ ticket: 'abc' })
    expect(location.href).toBe('http://127.0.0.1:5173/shop?x=1')
    expect(windows.takeReturn()).toBeUndefined()
  })

  it('reads an error marker, and the return URL never carries a marker', () => {
    const { win } = aWindow('http://127.0.0.1:5173/#walletgate_social_error=server_error')
    const windows = new BrowserSocialWindows(win)
    expect(windows.currentUrl()).toBe('http://127.0.0.1:5173/')
    expect(windows.takeReturn()).toEqual({ error: 'server_error' })
  })
})
