import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'
import type { PlatformKind } from '../domain/connection/platform'

/**
 * The browser the modal runs in, as far as connecting a wallet cares: which platform it is
 * (desktop, phone, Safari on iOS, Telegram) and the two things a deep link needs.
 */
export interface Platform {
  /** MUST be read once, when the adapter is created (user agent and `window.Telegram?.WebApp`). */
  readonly kind: PlatformKind
  /**
   * Opens `url` at once, synchronously: the caller is inside a click handler and Safari on iOS
   * blocks a navigation that follows an await. Inside Telegram an `https:` link goes through
   * `Telegram.WebApp.openLink` when present, anything else navigates the current tab
   * (`window.open(url, '_self')`). Never throws.
   */
  openLink(url: string): void
  /** Inside Telegram: the client's `Telegram.WebApp.platform` (`ios`, `macos`, `android`, ...), which filters the socials. */
  readonly telegramPlatform?: string | undefined
  /** Emits each time the page becomes hidden (another app took over the screen). Never errors. */
  readonly hidden$: Observable<void>
}
export const Platform = Symbol('Platform') as ServiceIdentifier<Platform>
