/**
 * Social login and Farcaster (spec sections 1, 2 and 9), loaded when a visitor picks a social
 * button. A provider opens in a popup the click opened already (blank, so a popup blocker lets it
 * through) and navigated once the provider's URL arrives; the popup's answer comes back as a
 * message from the auth origin. A blocked popup, Telegram and Safari on iOS take the full-page
 * redirect instead, and the page finishes the login when it comes back. Either way the frame
 * redeems the ticket and the AUTH connector connects like any wallet. Farcaster shows its
 * channel's link as a QR code and asks the frame until the channel is approved.
 */
import { BehaviorSubject, type Observable, type Subscription } from 'rxjs'
import { CONNECT_REQUEST_TIMEOUT_MS } from '../../domain/constants'
import { AUTH_CONNECTOR_ID } from '../../domain/connection/connectors'
import { failure, type Failure } from '../../domain/failure'
import type { SocialOption, SocialProvider } from '../../domain/entities'
import type { ViewName } from '../../domain/navigation/views'
import { EmbeddedWalletRequestError, type EmbeddedWalletLoader, type EmbeddedWalletUser } from '../../ports/embedded-wallet'
import type { Logger } from '../../ports/logger'
import type { Timers } from '../../ports/timers'
import type { SocialCallback, SocialPopup, SocialWindows } from '../../ports/social-window'
import type { ConnectExternal } from '../connection/connect-external'
import type { ModalStore } from '../modal-store'

/** How often the popup is checked for having been closed. */
export const POPUP_CLOSED_POLL_MS = 500
/** How often ConnectingFarcaster asks whether the channel was approved. */
export const FARCASTER_POLL_MS = 1_500

/** Why a social login did not finish, as the visitor reads it on Connect (the catalogue's `social.*`). */
export const SOCIAL_LOGIN_FAILURES = {
  popupClosed: failure('social.popupClosed'),
  timeout: failure('social.timeout'),
  denied: failure('social.denied'),
  providerError: failure('social.providerError'),
  refused: failure('social.refused'),
  failed: failure('social.failed'),
} as const

export interface SocialLoginState {
  /** The provider being signed in with, while a login runs. */
  readonly provider?: SocialOption
  /** ConnectingSocial: the popup is open and the modal waits for it. */
  readonly waiting: boolean
  /** ConnectingFarcaster: the channel's link (the QR code) once it is open. */
  readonly farcasterUrl?: string
  /** Why the last login did not finish, shown on Connect. */
  readonly error?: Failure
}

const IDLE: SocialLoginState = { waiting: false }

/** The timers of the popup's time limit and the Farcaster check. */
export type SocialLoginTimers = Timers

export interface SocialLoginDeps {
  readonly loadWallet: EmbeddedWalletLoader
  readonly connect: ConnectExternal
  readonly modal: ModalStore
  readonly windows: SocialWindows
  /** The auth service's origin: the only one a popup's answer may come from. */
  readonly authOrigin: string
  readonly logger: Logger
  /** The socials on offer here in their order (Telegram's filtering done), and whether a click opens a popup (socialWindowMode). */
  readonly offer?: SocialLogin['offer']
  readonly timers: SocialLoginTimers
}

export class SocialLogin {
  private readonly subject = new BehaviorSubject<SocialLoginState>(IDLE)
  readonly state$: Observable<SocialLoginState> = this.subject.asObservable()
  private attempt = 0
  /** What the running attempt holds: timers, the popup, the message subscription. */
  private cleanups: (() => void)[] = []
  /** The socials on offer here in their order (Telegram's filtering done), and whether a click opens a popup (socialWindowMode). */
  readonly offer: { readonly options: readonly SocialOption[]; readonly popup: boolean }

  constructor(private readonly deps: SocialLoginDeps) {
    this.offer = deps.offer ?? { options: [], popup: true }
  }

  get snapshot(): SocialLoginState {
    return this.subject.value
  }

  /**
   * Signs in with `provider`. `popup` is the blank window the click opened (null when the platform
   * takes the redirect path, socialWindowMode, or the browser blocked it: then the page goes to the
   * provider).
   */
  async start(provider: SocialProvider, popup: SocialPopup | null): Promise<void> {
    const attempt = this.begin({ provider, waiting: popup !== null })
    if (popup === null) {
      try {
        const url = await (await this.deps.loadWallet()).socialRedirectUrl(provider, 'redirect', this.deps.windows.currentUrl())
        if (attempt === this.attempt) this.deps.windows.navigate(url)
      } catch (error) {
        this.fail(attempt, error)
      }
      return
    }
    this.cleanups.push(() => {
      if (!popup.closed) popup.close()
    })
    this.deps.modal.push('ConnectingSocial')
    const subscription: Subscription = this.deps.windows.callbacks(this.deps.authOrigin).subscribe((callback) => void this.finish(attempt, callback))
    this.cleanups.push(() => subscription.unsubscribe())
    const timeout = this.deps.timers.setTimeout(() => this.end(attempt, SOCIAL_LOGIN_FAILURES.timeout), CONNECT_REQUEST_TIMEOUT_MS)
    this.cleanups.push(() => this.deps.timers.clearTimeout(timeout))
    let closedChecks = 0
    const poll = this.deps.timers.setInterval(() => {
      // The callback page posts its answer, then closes: a popup closed for a whole check with no
      // answer heard is the visitor closing it.
      if (popup.closed && ++closedChecks > 1) this.end(attempt, SOCIAL_LOGIN_FAILURES.popupClosed)
    }, POPUP_CLOSED_POLL_MS)
    this.cleanups.push(() => this.deps.timers.clearInterval(poll))
    try {
      const url = await (await this.deps.loadWallet()).socialRedirectUrl(provider, 'popup')
      if (attempt === this.attempt && !popup.closed) popup.location.href = url
    } catch (error) {
      this.fail(attempt, error)
    }
  }

  /** The page came back from the provider (the redirect path): finishes the login it started. */
  async resumeRedirect(): Promise<void> {
    const callback = this.deps.windows.takeReturn()
    if (callback === undefined) return
    const attempt = this.begin({ waiting: false })
    await this.finish(attempt, callback)
  }

  /** Farcaster: ConnectingFarcaster shows the channel's QR code; approving it in the app connects. */
  async startFarcaster(): Promise<void> {
    const attempt = this.begin({ provider: 'farcaster', waiting: false })
    this.deps.modal.push('ConnectingFarcaster')
    try {
      const wallet = await this.deps.loadWallet()
      const channel = await wallet.farcasterChannel()
      if (attempt !== this.attempt) return
      this.patch({ farcasterUrl: channel.url })
      let asking = false
      const poll = this.deps.timers.setInterval(() => {
        if (asking || attempt !== this.attempt) return
        asking = true
        wallet
          .connectFarcaster(channel.channelToken)
          .then((user) => (user === null ? undefined : this.connected(attempt, user, 'ConnectingFarcaster')))
          .catch((error: unknown) => this.fail(attempt, error))
          .finally(() => (asking = false))
      }, FARCASTER_POLL_MS)
      this.cleanups.push(() => this.deps.timers.clearInterval(poll))
    } catch (error) {
      this.fail(attempt, error)
    }
  }

  /** Cancel on ConnectingSocial, Back on ConnectingFarcaster: the attempt ends, back on Connect. */
  cancel(): void {
    this.attempt++
    this.release()
    this.subject.next(IDLE)
    this.backToConnect()
  }

  /** The view of the running login went away (Back in the header): the attempt ends where the visitor went. */
  leave(): void {
    this.attempt++
    this.release()
    if (this.subject.value.error === undefined) this.subject.next(IDLE)
  }

  private async finish(attempt: number, callback: SocialCallback): Promise<void> {
    if (attempt !== this.attempt) return
    // The answer is in: no second one is heard, and the popup closing is no longer the visitor giving up.
    this.release()
    this.patch({ waiting: false })
    if ('error' in callback) {
      this.end(attempt, callbackFailure(callback.error))
      return
    }
    try {
      const user = await (await this.deps.loadWallet()).connectSocial(callback.ticket)
      await this.connected(attempt, user, 'ConnectingSocial')
    } catch (error) {
      this.fail(attempt, error)
    }
  }

  private async connected(attempt: number, _user: EmbeddedWalletUser, view: ViewName): Promise<void> {
    if (attempt !== this.attempt) return
    this.release()
    this.patch({ waiting: false })
    await this.deps.connect.connect(AUTH_CONNECTOR_ID, view)
    if (attempt !== this.attempt) return
    const outcome = this.deps.connect.snapshot
    if (outcome.status === 'connected') this.subject.next(IDLE)
    else this.end(attempt, outcome.status === 'error' ? failure('social.reason', { reason: outcome.error.message }) : SOCIAL_LOGIN_FAILURES.failed)
  }

  private begin(state: Omit<SocialLoginState, 'error'>): number {
    this.attempt++
    this.release()
    this.subject.next(state)
    return this.attempt
  }

  /** Ends the attempt after a thrown error (logged): the wallet's words, or that it failed. */
  private fail(attempt: number, error: unknown): void {
    if (attempt !== this.attempt) return
    this.deps.logger.warn('Walletgate: social login failed', error)
    this.end(attempt, error instanceof EmbeddedWalletRequestError ? failure('social.reason', { reason: error.message }) : SOCIAL_LOGIN_FAILURES.failed)
  }

  /** Ends the attempt with `shown` on Connect (never a stuck "connecting"). */
  private end(attempt: number, shown: Failure): void {
    if (attempt !== this.attempt) return
    this.attempt++
    this.release()
    if (this.deps.connect.snapshot.status === 'connecting') this.deps.connect.cancel()
    this.subject.next({ waiting: false, error: shown })
    if (this.deps.modal.snapshot.open) this.backToConnect()
    else this.deps.modal.open({ view: 'Connect' }, false)
  }

  private backToConnect(): void {
    if (this.deps.modal.snapshot.open && this.deps.modal.view !== 'Connect') this.deps.modal.reset('Connect')
  }

  private release(): void {
    const cleanups = this.cleanups
    this.cleanups = []
    for (const cleanup of cleanups) cleanup()
  }

  private patch(change: Partial<SocialLoginState>): void {
    this.subject.next({ ...this.subject.value, ...change })
  }
}

/** The callback's error code as a failure to show (never the code itself). */
function callbackFailure(code: string): Failure {
  if (code === 'access_denied') return SOCIAL_LOGIN_FAILURES.denied
  if (code === 'invalid_token') return SOCIAL_LOGIN_FAILURES.refused
  return SOCIAL_LOGIN_FAILURES.providerError
}
