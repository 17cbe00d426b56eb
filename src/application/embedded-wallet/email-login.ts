/**
 * Email login (spec sections 1, 2 and 4): the email field on Connect, then EmailVerifyOtp (or
 * EmailVerifyDevice first on a device the wallet has not seen), then the AUTH connector connects
 * like any wallet. What the visitor typed stays in the state through every error; the 30 s
 * cooldown between emails is kept in local storage (spec section 9) and counted down.
 */
import { BehaviorSubject, type Observable } from 'rxjs'
import { EMAIL_LOGIN_COOLDOWN_MS, STORAGE_KEYS } from '../../domain/constants'
import { AUTH_CONNECTOR_ID } from '../../domain/connection/connectors'
import { emailCooldownRemainingMs } from '../../domain/limits/email-cooldown'
// Only the shown texts and plain checks: this module loads with Connect, before the modal opens.
import { ALERT_ERRORS, EMAIL_PATTERN } from '../../domain/messages'
import { EmailLoginDependencyError } from '../../domain/errors'
import { failure, type Failure } from '../../domain/failure'
import type { Clock } from '../../ports/clock'
import { EmbeddedWalletRequestError, type EmbeddedWallet, type EmbeddedWalletLoader } from '../../ports/embedded-wallet'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { Logger } from '../../ports/logger'
import type { Timers } from '../../ports/timers'
import type { AlertStore } from '../alert-store'
import type { ConnectExternal } from '../connection/connect-external'
import type { ModalStore } from '../modal-store'
import { emailFailure } from './email-failure'

/** How often EmailVerifyDevice asks whether the emailed link was opened. */
export const DEVICE_POLL_MS = 2_000

export type EmailLoginStep = 'email' | 'otp' | 'device'

export interface EmailLoginState {
  readonly step: EmailLoginStep
  /** What the visitor typed (kept through every error). */
  readonly email: string
  /** A request is on its way (the buttons wait, a second click does nothing). */
  readonly busy: boolean
  /** The last failure to show, or undefined. */
  readonly error?: Failure
  /** Where the error belongs: the email field or the code boxes. */
  readonly errorOn?: 'email' | 'otp'
  /** A new code may be asked for at this time (epoch ms); 0 when it may now. */
  readonly resendAt: number
  /** The OTP boxes are cleared when this changes (a new code was sent). */
  readonly otpAttempt: number
  /** "Resend" was pressed within the cooldown: the view counts the seconds down (cooldownMessage). */
  readonly cooldownShown: boolean
}

const INITIAL: EmailLoginState = { step: 'email', email: '', busy: false, resendAt: 0, otpAttempt: 0, cooldownShown: false }

/** The timers the device check polls with. */
export type EmailLoginTimers = Pick<Timers, 'setInterval' | 'clearInterval'>

export interface EmailLoginDeps {
  readonly loadWallet: EmbeddedWalletLoader
  readonly connect: ConnectExternal
  readonly modal: ModalStore
  readonly storage: KeyValueStorage
  readonly clock: Clock
  readonly alerts: AlertStore
  readonly logger: Logger
  readonly timers: EmailLoginTimers
}

export class EmailLogin {
  private readonly subject = new BehaviorSubject<EmailLoginState>(INITIAL)
  readonly state$: Observable<EmailLoginState> = this.subject.asObservable()
  private devicePoll: unknown
  private attempt = 0

  constructor(private readonly deps: EmailLoginDeps) {}

  get snapshot(): EmailLoginState {
    return this.subject.value
  }

  /** The visitor typed in the email field. */
  setEmail(email: string): void {
    this.patch({ email, error: undefined })
  }

  /** The visitor focused the email field: the wallet's frame starts loading now (nothing shows if it fails). */
  warm(): void {
    this.wallet().catch(() => undefined)
  }

  /** Seconds until another code may be asked for (0: now). */
  cooldownSeconds(): number {
    return Math.ceil(emailCooldownRemainingMs(this.lastEmailAt(), this.deps.clock.now()) / 1000)
  }

  /** "Please try again after N seconds" while Resend was refused and the cooldown runs; else undefined. */
  cooldownFailure(): Failure | undefined {
    const seconds = this.cooldownSeconds()
    return this.subject.value.cooldownShown && seconds > 0 ? failure('email.cooldown', { seconds }) : undefined
  }

  /** The email field was submitted. */
  async submit(): Promise<void> {
    const state = this.subject.value
    if (state.busy) return
    const email = state.email.trim()
    if (!EMAIL_PATTERN.test(email) || email.length > 254) {
      this.patch({ error: failure('email.invalid'), errorOn: 'email' })
      return
    }
    this.patch({ busy: true, error: undefined })
    const attempt = ++this.attempt
    try {
      const wallet = await this.wallet()
      const action = await wallet.startEmailLogin(email)
      if (attempt !== this.attempt) return
      this.patch({ busy: false, resendAt: this.nextResendAt(), otpAttempt: state.otpAttempt + 1 })
      if (action === 'VERIFY_DEVICE') this.showDevice()
      else this.showOtp()
    } catch (error) {
      if (attempt === this.attempt) this.fail(error, 'email')
    }
  }

  /** "Resend code": refused within 30 s of the last email with the seconds left. */
  async resend(): Promise<void> {
    const state = this.subject.value
    if (state.busy) return
    const seconds = this.cooldownSeconds()
    if (seconds > 0) {
      this.patch({ cooldownShown: true, error: undefined })
      return
    }
    this.patch({ busy: true, error: undefined, cooldownShown: false })
    try {
      await (await this.wallet()).startEmailLogin(state.email.trim(), { resend: true })
      this.patch({ busy: false, resendAt: this.nextResendAt(), otpAttempt: state.otpAttempt + 1 })
    } catch (error) {
      this.fail(error, 'otp')
    }
  }

  /** The six digits were entered. */
  async verify(otp: string): Promise<void> {
    const state = this.subject.value
    if (state.busy) return
    if (!/^\d{6}$/.test(otp)) {
      this.patch({ error: failure('email.codeRequired'), errorOn: 'otp' })
      return
    }
    await this.signIn((wallet) => wallet.verifyOtp(otp), 'EmailVerifyOtp', 'otp')
  }

  /** "Continue with a passkey" (Connect): the wallet's frame asks the browser for a passkey of its origin; no code. */
  async passkey(): Promise<void> {
    if (this.subject.value.busy) return
    await this.signIn((wallet) => wallet.connectPasskey(), 'Connect', 'email')
  }

  /** Signs the wallet in (`run`), then connects it from `view`; a failure is said on `on`'s field. */
  private async signIn(run: (wallet: EmbeddedWallet) => Promise<unknown>, view: 'EmailVerifyOtp' | 'Connect', on: 'email' | 'otp'): Promise<void> {
    this.patch({ busy: true, error: undefined })
    const attempt = ++this.attempt
    try {
      await run(await this.wallet())
      if (attempt !== this.attempt) return
      await this.deps.connect.connect(AUTH_CONNECTOR_ID, view)
      const outcome = this.deps.connect.snapshot
      if (outcome.status === 'connected') this.subject.next({ ...INITIAL })
      else this.patch({ busy: false, error: outcome.status === 'error' ? emailFailure(outcome.error) : failure('email.failed'), errorOn: on })
    } catch (error) {
      if (attempt === this.attempt) this.fail(error, on)
    }
  }

  /** Back from the code or device view: the email stays typed. */
  cancel(): void {
    this.attempt++
    this.stopDevicePoll()
    this.patch({ step: 'email', busy: false, error: undefined })
  }

  private showOtp(): void {
    this.stopDevicePoll()
    this.patch({ step: 'otp' })
    if (this.deps.modal.snapshot.router.view === 'EmailVerifyDevice') this.deps.modal.replace('EmailVerifyOtp')
    else this.deps.modal.push('EmailVerifyOtp')
  }

  private showDevice(): void {
    this.patch({ step: 'device' })
    this.deps.modal.push('EmailVerifyDevice')
    this.stopDevicePoll()
    let asking = false
    this.devicePoll = this.deps.timers.setInterval(() => {
      if (asking) return
      asking = true
      this.wallet()
        .then((wallet) => wallet.deviceApproved())
        .then((approved) => {
          if (approved && this.subject.value.step === 'device') {
            // The code follows the approval by email.
            this.patch({ resendAt: this.nextResendAt() })
            this.showOtp()
          }
        })
        .catch((error: unknown) => this.fail(error, 'otp'))
        .finally(() => (asking = false))
    }, DEVICE_POLL_MS)
  }

  private stopDevicePoll(): void {
    if (this.devicePoll !== undefined) this.deps.timers.clearInterval(this.devicePoll)
    this.devicePoll = undefined
  }

  private wallet(): Promise<EmbeddedWallet> {
    return this.deps.loadWallet().catch((error: unknown) => {
      // A chunk that did not load is not the frame's failure.
      throw error instanceof EmbeddedWalletRequestError ? error : new EmailLoginDependencyError({ cause: error })
    })
  }

  private fail(error: unknown, on: 'email' | 'otp', otpAttempt?: number): void {
    if (error instanceof EmbeddedWalletRequestError) {
      if (error.kind === 'load') this.deps.alerts.show(ALERT_ERRORS.embeddedWalletLoadFailed)
      else if (error.kind === 'timeout') this.deps.alerts.show(ALERT_ERRORS.embeddedWalletTimeout)
      else if (error.kind === 'sessionExpired') this.deps.alerts.show(ALERT_ERRORS.sessionExpired)
    } else if (!(error instanceof EmailLoginDependencyError)) {
      this.deps.logger.warn('Walletgate: email login failed', error)
    }
    const retryAfter = error instanceof EmbeddedWalletRequestError ? error.details.retryAfterSeconds : undefined
    if (retryAfter !== undefined && on === 'otp') {
      // The wallet's own cooldown: counted down like ours.
      this.patch({ busy: false, error: undefined, cooldownShown: true, resendAt: this.deps.clock.now() + retryAfter * 1000 })
      return
    }
    this.patch({
      busy: false,
      error: error instanceof EmailLoginDependencyError ? failure('email.unavailable') : emailFailure(error),
      errorOn: on,
      ...(retryAfter === undefined ? {} : { resendAt: this.deps.clock.now() + retryAfter * 1000 }),
      ...(otpAttempt === undefined ? {} : { otpAttempt }),
    })
  }

  private lastEmailAt(): number | undefined {
    const resendAt = this.subject.value.resendAt
    const stored = Number(this.deps.storage.get(STORAGE_KEYS.lastEmailLoginTime))
    const fromStorage = Number.isFinite(stored) && stored > 0 ? stored : undefined
    const fromState = resendAt > 0 ? resendAt - EMAIL_LOGIN_COOLDOWN_MS : undefined
    if (fromStorage === undefined) return fromState
    return fromState === undefined ? fromStorage : Math.max(fromStorage, fromState)
  }

  private nextResendAt(): number {
    return this.deps.clock.now() + EMAIL_LOGIN_COOLDOWN_MS
  }

  private patch(change: Partial<EmailLoginState>): void {
    const next = { ...this.subject.value, ...change }
    if (change.error === undefined && 'error' in change) delete (next as { error?: Failure }).error
    this.subject.next(next)
  }
}
