import { describe, expect, it } from 'vitest'
import { detectPlatform, isMobilePlatform, linkOpener, preparesPairingBeforeTap } from '../../../../src/domain/connection/platform'

const UA = {
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/122.0.6261.89 Mobile/15E148 Safari/604.1',
  iphoneFirefox:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/123.0 Mobile/15E148 Safari/605.1.15',
  iphoneWebView: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  ipadOs: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.6261.105 Mobile Safari/537.36',
  desktopChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Safari/537.36',
  macSafari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
}

describe('detectPlatform', () => {
  it.each([
    ['iPhone Safari', UA.iphoneSafari, 0, 'ios-safari'],
    ['iPadOS Safari (desktop user agent, touch screen)', UA.ipadOs, 5, 'ios-safari'],
    ['Chrome on iOS', UA.iphoneChrome, 5, 'mobile'],
    ['Firefox on iOS', UA.iphoneFirefox, 5, 'mobile'],
    ['an in-app web view on iOS', UA.iphoneWebView, 5, 'mobile'],
    ['Chrome on Android', UA.androidChrome, 5, 'mobile'],
    ['Chrome on Linux', UA.desktopChrome, 0, 'desktop'],
    ['Safari on a Mac', UA.macSafari, 0, 'desktop'],
  ] as const)('%s is %s', (_, userAgent, maxTouchPoints, expected) => {
    expect(detectPlatform({ userAgent, telegramWebApp: false, maxTouchPoints })).toBe(expected)
  })

  it('a Telegram WebApp object wins over any user agent', () => {
    for (const userAgent of Object.values(UA)) {
      expect(detectPlatform({ userAgent, telegramWebApp: true })).toBe('telegram')
    }
  })
})

describe('platform rules', () => {
  it('phones open deep links; only iOS Safari and Telegram prepare the pairing before the tap', () => {
    expect(['desktop', 'mobile', 'ios-safari', 'telegram'].map((k) => isMobilePlatform(k as never))).toEqual([false, true, true, true])
    expect(['desktop', 'mobile', 'ios-safari', 'telegram'].map((k) => preparesPairingBeforeTap(k as never))).toEqual([
      false,
      false,
      true,
      true,
    ])
  })

  it('inside Telegram an https link goes through WebApp.openLink when it exists; everything else is a location change', () => {
    expect(linkOpener('telegram', 'https://wallet.example/wc?uri=x', true)).toBe('telegram')
    expect(linkOpener('telegram', 'https://wallet.example/wc?uri=x', false)).toBe('location')
    expect(linkOpener('telegram', 'wallet://wc?uri=x', true)).toBe('location')
    expect(linkOpener('ios-safari', 'https://wallet.example/wc?uri=x', true)).toBe('location')
  })
})
