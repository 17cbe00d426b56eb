/**
 * Which platform the modal runs on, for the WalletConnect paths (spec sections 1 and 4): Safari on
 * iOS and Telegram get the prepared-pairing path; phones get deep links; desktops get a QR code.
 * Pure rules over what the browser reports; the reading itself is an adapter's job.
 */

export type PlatformKind = 'desktop' | 'mobile' | 'ios-safari' | 'telegram'

export interface PlatformSignals {
  /** `navigator.userAgent`. */
  readonly userAgent: string
  /** `window.Telegram?.WebApp` is present (the page runs as a Telegram Mini App). */
  readonly telegramWebApp: boolean
  /** `navigator.maxTouchPoints`: iPadOS Safari reports a Mac user agent with a touch screen. */
  readonly maxTouchPoints?: number
}

const IOS_DEVICE = /\b(iPhone|iPad|iPod)\b/
const MAC = /\bMacintosh\b/
/** Other browsers on iOS: Chrome, Firefox, Edge, Opera, DuckDuckGo, Google app, in-app web views. */
const IOS_NON_SAFARI = /\b(CriOS|FxiOS|EdgiOS|OPiOS|OPT|DuckDuckGo|GSA|YaBrowser|FBAN|FBAV|Instagram|Line)\b/
const MOBILE = /\b(Android|Mobile|iPhone|iPad|iPod|IEMobile|Opera Mini|BlackBerry|webOS)\b/

/** Telegram first (its web view runs on any device), then Safari on iOS, then phones, else desktop. */
export function detectPlatform(signals: PlatformSignals): PlatformKind {
  if (signals.telegramWebApp) return 'telegram'
  const ua = signals.userAgent
  const ios = IOS_DEVICE.test(ua) || (MAC.test(ua) && (signals.maxTouchPoints ?? 0) > 1)
  if (ios && /\bSafari\//.test(ua) && /\bVersion\//.test(ua) && !IOS_NON_SAFARI.test(ua)) return 'ios-safari'
  if (ios || MOBILE.test(ua)) return 'mobile'
  return 'desktop'
}

/** Phones, iOS Safari and Telegram open a wallet by its deep link; desktops show a QR code. */
export function isMobilePlatform(kind: PlatformKind): boolean {
  return kind !== 'desktop'
}

/**
 * Safari on iOS and Telegram (spec section 4): the pairing URI is prepared before the tap so the
 * link opens synchronously inside the click, an unexpired pairing is reused, and the connection
 * status stays `connecting` until the pairing completes.
 */
export function preparesPairingBeforeTap(kind: PlatformKind): boolean {
  return kind === 'ios-safari' || kind === 'telegram'
}

/** How a link is opened: Telegram's `WebApp.openLink` for web links inside Telegram, else a location change. */
export function linkOpener(kind: PlatformKind, url: string, telegramOpenLink: boolean): 'telegram' | 'location' {
  return kind === 'telegram' && telegramOpenLink && /^https:\/\//i.test(url) ? 'telegram' : 'location'
}
