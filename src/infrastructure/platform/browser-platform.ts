import { Observable } from 'rxjs'
import { detectPlatform, linkOpener, type PlatformKind } from '../../domain/connection/platform'
import type { Logger } from '../../ports/logger'
import type { Platform } from '../../ports/platform'

interface TelegramWindow {
  Telegram?: { WebApp?: { openLink?: (url: string) => void; platform?: string } }
}

/**
 * {@link Platform} of the page: user agent, `window.Telegram.WebApp`, `window.open(url, '_self')`,
 * `visibilitychange`.
 * Nothing is read before the first use of `kind` (creating a modal touches no `window`).
 */
export class BrowserPlatform implements Platform {
  private detected: PlatformKind | undefined
  readonly hidden$: Observable<void>

  constructor(
    private readonly logger: Logger,
    private readonly win: Window & TelegramWindow = globalThis as unknown as Window & TelegramWindow,
  ) {
    this.hidden$ = new Observable<void>((subscriber) => {
      const doc = this.win.document
      const onChange = () => {
        if (doc.visibilityState === 'hidden') subscriber.next()
      }
      doc.addEventListener('visibilitychange', onChange)
      return () => doc.removeEventListener('visibilitychange', onChange)
    })
  }

  get kind(): PlatformKind {
    this.detected ??= detectPlatform({
      userAgent: this.win.navigator?.userAgent ?? '',
      telegramWebApp: this.win.Telegram?.WebApp != null,
      maxTouchPoints: this.win.navigator?.maxTouchPoints ?? 0,
    })
    return this.detected
  }

  get telegramPlatform(): string | undefined {
    return this.win.Telegram?.WebApp?.platform
  }

  openLink(url: string): void {
    const openInTelegram = this.win.Telegram?.WebApp?.openLink
    try {
      if (linkOpener(this.kind, url, typeof openInTelegram === 'function') === 'telegram') {
        this.win.Telegram?.WebApp?.openLink?.(url)
      } else {
        // The current tab goes to the link (what `location.href = url` does), through the one
        // browser call a host page or a test can observe.
        this.win.open(url, '_self')
      }
    } catch (error) {
      this.logger.warn('Walletgate: the wallet link could not be opened', error)
    }
  }
}
