// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { BrowserPlatform } from '../../../../src/infrastructure/platform/browser-platform'
import { RecordingLogger } from '../../../fakes/recording-logger'

const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'

/** A window whose user agent, Telegram object and location the test owns. */
function fakeWindow(opts: { userAgent?: string; telegram?: { openLink?: (url: string) => void } } = {}) {
  const location = { href: 'https://host.example/' }
  const win = {
    navigator: { userAgent: opts.userAgent ?? 'Mozilla/5.0 (X11; Linux x86_64) Chrome/122', maxTouchPoints: 0 },
    location,
    // The current tab follows the link, as a browser does for window.open(url, '_self').
    open: (url: string, target: string) => {
      if (target === '_self') location.href = url
      return null
    },
    document,
    ...(opts.telegram === undefined ? {} : { Telegram: { WebApp: opts.telegram } }),
  }
  return { win: win as unknown as Window, location }
}

describe('BrowserPlatform', () => {
  it('reads nothing until asked, then detects the platform once from the user agent and the Telegram object', () => {
    let reads = 0
    const navigator = {
      get userAgent() {
        reads += 1
        return IOS_SAFARI
      },
      maxTouchPoints: 5,
    }
    const platform = new BrowserPlatform(new RecordingLogger(), { navigator, document } as unknown as Window)
    expect(reads).toBe(0)
    expect(platform.kind).toBe('ios-safari')
    expect(platform.kind).toBe('ios-safari')
    expect(reads).toBe(1)
    expect(new BrowserPlatform(new RecordingLogger(), fakeWindow({ telegram: {} }).win).kind).toBe('telegram')
    expect(new BrowserPlatform(new RecordingLogger(), fakeWindow().win).kind).toBe('desktop')
  })

  it('opens links in the current tab; inside Telegram an https link goes through WebApp.openLink', () => {
    const safari = fakeWindow({ userAgent: IOS_SAFARI })
    new BrowserPlatform(new RecordingLogger(), safari.win).openLink('wallet://wc?uri=x')
    expect(safari.location.href).toBe('wallet://wc?uri=x')

    const opened: string[] = []
    const telegram = fakeWindow({ telegram: { openLink: (url) => opened.push(url) } })
    const inTelegram = new BrowserPlatform(new RecordingLogger(), telegram.win)
    inTelegram.openLink('https://wallet.example/wc?uri=x')
    expect(opened).toEqual(['https://wallet.example/wc?uri=x'])
    expect(telegram.location.href).toBe('https://host.example/')
    inTelegram.openLink('wallet://wc?uri=y')
    expect(telegram.location.href).toBe('wallet://wc?uri=y')
  })

  it('hidden$ emits when the document becomes hidden, not when it becomes visible', () => {
    const platform = new BrowserPlatform(new RecordingLogger(), fakeWindow().win)
    let hidden = 0
    const subscription = platform.hidden$.subscribe(() => (hidden += 1))
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state })
      document.dispatchEvent(new Event('visibilitychange'))
    }
    setVisibility('visible')
    expect(hidden).toBe(0)
    setVisibility('hidden')
    expect(hidden).toBe(1)
    subscription.unsubscribe()
    setVisibility('hidden')
    expect(hidden).toBe(1)
  })
})
