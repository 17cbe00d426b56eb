/**
 * Updating the embedded wallet's email (spec section 4 email update actions): the new address,
 * then a code sent to the current address (VERIFY_PRIMARY_OTP), then one sent to the new address
 * (VERIFY_SECONDARY_OTP). The wallet stays the same; the next login uses the new address.
 */
import { BehaviorSubject, type Observable } from 'rxjs'
import { failure, type Failure } from '../../domain/failure'
import { EMAIL_PATTERN } from '../../domain/messages'
import type { EmbeddedWalletLoader } from '../../ports/embedded-wallet'
import { emailFailure } from './email-failure'
import type { ModalStore } from '../modal-store'
import type { SnackStore } from '../snack-store'

export interface UpdateEmailState {
  /** The new address as typed (kept through every error). */
  readonly email: string
  readonly busy: boolean
  readonly error?: Failure
  /** A new value clears the code boxes (the next code was sent). */
  readonly otpStep: number
}

const INITIAL: UpdateEmailState = { email: '', busy: false, otpStep: 0 }

export class UpdateEmail {
  private readonly subject = new BehaviorSubject<UpdateEmailState>(INITIAL)
  readonly state$: Observable<UpdateEmailState> = this.subject.asObservable()

  constructor(
    private readonly loadWallet: EmbeddedWalletLoader,
    private readonly modal: ModalStore,
    private readonly snacks: SnackStore,
  ) {}

  get snapshot(): UpdateEmailState {
    return this.subject.value
  }

  /** The update starts over (the UpdateEmailWallet view opened). */
  reset(): void {
    if (!this.subject.value.busy) this.subject.next(INITIAL)
  }

  setEmail(email: string): void {
    this.set({ ...this.withoutError(), email })
  }

  async submit(): Promise<void> {
    const state = this.subject.value
    if (state.busy) return
    const email = state.email.trim()
    if (!EMAIL_PATTERN.test(email) || email.length > 254) return this.set({ ...state, error: failure('email.invalid') })
    await this.step(async (wallet) => {
      const action = await wallet.updateEmail(state.email.trim())
      this.modal.push(action === 'VERIFY_PRIMARY_OTP' ? 'UpdateEmailPrimaryOtp' : 'UpdateEmailSecondaryOtp')
    })
  }

  async verifyPrimary(otp: string): Promise<void> {
    await this.step(async (wallet) => {
      await wallet.verifyPrimaryOtp(otp)
      this.modal.replace('UpdateEmailSecondaryOtp')
    })
  }

  async verifySecondary(otp: string): Promise<void> {
    await this.step(async (wallet) => {
      const email = await wallet.verifySecondaryOtp(otp)
      this.subject.next(INITIAL)
      this.modal.reset('Account')
      this.snacks.show(`Email updated to ${email}`, 'success', { text: { key: 'email.updated', params: { email } } })
    })
  }

  private async step(run: (wallet: Awaited<ReturnType<EmbeddedWalletLoader>>) => Promise<void>): Promise<void> {
    const state = this.subject.value
    if (state.busy) return
    this.set({ ...this.withoutError(), busy: true })
    try {
      await run(await this.loadWallet())
      if (this.subject.value.busy) this.set({ ...this.subject.value, busy: false, otpStep: this.subject.value.otpStep + 1 })
    } catch (error) {
      this.set({ ...this.subject.value, busy: false, error: emailFailure(error) })
    }
  }

  private set(state: UpdateEmailState): void {
    this.subject.next(state)
  }

  private withoutError(): UpdateEmailState {
    const { error: _error, ...rest } = this.subject.value
    return rest
  }
}
