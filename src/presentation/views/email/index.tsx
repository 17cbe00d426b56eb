/**
 * The email views (one chunk, loaded on the email path): EmailVerifyOtp and EmailVerifyDevice of
 * the login, and the three steps of the email update.
 */
import { useEffect, useId, useState, type FormEvent } from 'react'
import { use } from 'react'
import type { EmailLogin } from '../../../application/embedded-wallet/email-login'
import { EmailLoginLoader } from '../../../application/embedded-wallet/tokens'
import { UpdateEmail } from '../../../application/embedded-wallet/update-email'
import { ModalStore } from '../../../application/modal-store'
import { Button, Spinner, useStore } from '../../components'
import { useService } from '../../di-context'
import { OtpInput } from './OtpInput'
import sendCss from '../../styles/send.css?inline'
import emailCss from '../../styles/email.css?inline'
import { useAreaStyles } from '../../styles/area-styles'

/** The email login (loaded by the email field before these views show; they suspend until it is). */
function useEmailLogin(): EmailLogin {
  const load = useService(EmailLoginLoader)
  return load.peek() ?? use(load())
}

/** Re-renders every second while `active` (a countdown on screen). */
function useSecondTicks(active: boolean): void {
  const [, setTick] = useState(0)
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setTick((n) => n + 1), 1000)
    return () => clearInterval(timer)
  }, [active])
}

export function EmailVerifyOtpView() {
  useAreaStyles(sendCss)
  useAreaStyles(emailCss)
  const login = useEmailLogin()
  const modal = useService(ModalStore)
  const state = useStore(login)
  const errorId = useId()
  const seconds = login.cooldownSeconds()
  useSecondTicks(seconds > 0)
  const cooldown = login.cooldownMessage()
  const error = state.errorOn === 'otp' ? state.error : undefined
  return (
    <div className="wg-view wg-email-view" data-testid="view-EmailVerifyOtp">
      <p className="wg-email-lead">
        Enter the 6-digit code we emailed to <strong><bdi data-testid="otp-email">{state.email.trim()}</bdi></strong>.
      </p>
      <OtpInput
        key={state.otpAttempt}
        disabled={state.busy}
        invalid={error !== undefined}
        {...(error === undefined ? {} : { describedBy: errorId })}
        onComplete={(code) => void login.verify(code)}
      />
      <p className="wg-hint" aria-live="polite" data-testid="otp-status">
        {state.busy ? 'Checking…' : ' '}
      </p>
      {error !== undefined && (
        <p className="wg-form-error" id={errorId} role="alert" data-testid="otp-error">
          {error}
        </p>
      )}
      {cooldown !== undefined && (
        <p className="wg-form-error" role="alert" data-testid="otp-cooldown">
          {cooldown}
        </p>
      )}
      <div className="wg-email-actions">
        <Button variant="secondary" disabled={state.busy} data-testid="otp-resend" onClick={() => void login.resend()}>
          {seconds > 0 ? `Resend code (${seconds} s)` : 'Resend code'}
        </Button>
        <Button
          variant="ghost"
          data-testid="otp-change-email"
          onClick={() => {
            login.cancel()
            modal.goBack()
          }}
        >
          Change email
        </Button>
      </div>
    </div>
  )
}

export function EmailVerifyDeviceView() {
  useAreaStyles(emailCss)
  const login = useEmailLogin()
  const modal = useService(ModalStore)
  const state = useStore(login)
  const error = state.errorOn === 'otp' ? state.error : undefined
  return (
    <div className="wg-view wg-email-view" data-testid="view-EmailVerifyDevice">
      <Spinner size="lg" />
      <h3 className="wg-email-title">Approve this device</h3>
      <p className="wg-email-lead">
        This browser is new to your wallet. We emailed an approval link to{' '}
        <strong><bdi>{state.email.trim()}</bdi></strong>: open it on any device, and this page goes on by itself.
      </p>
      <p className="wg-hint">The link expires in 10 minutes.</p>
      {error !== undefined && (
        <p className="wg-form-error" role="alert" data-testid="device-error">
          {error}
        </p>
      )}
      <Button
        variant="ghost"
        data-testid="device-cancel"
        onClick={() => {
          login.cancel()
          modal.goBack()
        }}
      >
        Use another email
      </Button>
    </div>
  )
}

export function UpdateEmailWalletView() {
  useAreaStyles(sendCss)
  const update = useService(UpdateEmail)
  const state = useStore(update)
  const ids = { input: useId(), error: useId() }
  useEffect(() => update.reset(), [update])
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void update.submit()
  }
  return (
    <div className="wg-view" data-testid="view-UpdateEmailWallet">
      <form className="wg-send-form" onSubmit={onSubmit} noValidate>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.input}>
            New email
          </label>
          <input
            id={ids.input}
            className="wg-input"
            data-testid="update-email-input"
            type="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={state.email}
            aria-invalid={state.error !== undefined}
            aria-describedby={state.error === undefined ? undefined : ids.error}
            onChange={(event) => update.setEmail(event.target.value)}
          />
          <p className="wg-hint">We send a code to your current email first, then one to the new one.</p>
        </div>
        {state.error !== undefined && (
          <p className="wg-form-error" id={ids.error} role="alert" data-testid="update-email-error">
            {state.error}
          </p>
        )}
        <Button type="submit" variant="primary" fullWidth disabled={state.busy} data-testid="update-email-submit">
          {state.busy ? 'Sending…' : 'Continue'}
        </Button>
      </form>
    </div>
  )
}

function UpdateEmailOtp({ which }: { readonly which: 'primary' | 'secondary' }) {
  useAreaStyles(emailCss)
  const update = useService(UpdateEmail)
  const state = useStore(update)
  const errorId = useId()
  return (
    <div className="wg-view wg-email-view" data-testid={which === 'primary' ? 'view-UpdateEmailPrimaryOtp' : 'view-UpdateEmailSecondaryOtp'}>
      <p className="wg-email-lead">
        {which === 'primary' ? (
          'Enter the code we emailed to your current address.'
        ) : (
          <>
            Enter the code we emailed to <strong><bdi>{state.email.trim()}</bdi></strong>.
          </>
        )}
      </p>
      <OtpInput
        key={state.otpStep}
        disabled={state.busy}
        invalid={state.error !== undefined}
        {...(state.error === undefined ? {} : { describedBy: errorId })}
        onComplete={(code) => void (which === 'primary' ? update.verifyPrimary(code) : update.verifySecondary(code))}
      />
      {state.error !== undefined && (
        <p className="wg-form-error" id={errorId} role="alert" data-testid="update-otp-error">
          {state.error}
        </p>
      )}
    </div>
  )
}

export function UpdateEmailPrimaryOtpView() {
  return <UpdateEmailOtp which="primary" />
}

export function UpdateEmailSecondaryOtpView() {
  return <UpdateEmailOtp which="secondary" />
}
