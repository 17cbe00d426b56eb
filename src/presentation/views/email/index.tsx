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
import { useI18n } from '../../i18n/i18n'
import { failureText } from '../../i18n/rules'
import { EmailSentence } from './EmailSentence'
import { addEnglish } from '../../i18n/i18n'
import { email } from '../../i18n/messages/email'
import { errors } from '../../i18n/messages/errors'

// These views' texts come with their chunk (../../i18n/english.ts), with the spec's errors the
// wallet may name (emailFailure shows them by their code).
addEnglish(email, errors)

/** The email login (loaded by the email field before these views show; they suspend until it is). */
function useEmailLogin(): EmailLogin {
  const load = useService(EmailLoginLoader)
  // Always through use(): a render replayed after the load suspended it must call use() again,
  // or React fails the render (the loader hands back the same promise each time).
  return use(load())
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
  const i18n = useI18n()
  const { t } = i18n
  const cooldown = login.cooldownFailure()
  const error = state.errorOn === 'otp' ? state.error : undefined
  return (
    <div className="wg-view wg-email-view" data-testid="view-EmailVerifyOtp">
      <p className="wg-email-lead">
        <EmailSentence text={t('email.enterCode')} email={state.email.trim()} testId="otp-email" />
      </p>
      <OtpInput
        key={state.otpAttempt}
        disabled={state.busy}
        invalid={error !== undefined}
        {...(error === undefined ? {} : { describedBy: errorId })}
        onComplete={(code) => void login.verify(code)}
      />
      <p className="wg-hint" aria-live="polite" data-testid="otp-status">
        {state.busy ? t('email.checking') : ' '}
      </p>
      {error !== undefined && (
        <p className="wg-form-error" id={errorId} role="alert" data-testid="otp-error">
          {failureText(i18n, error)}
        </p>
      )}
      {cooldown !== undefined && (
        <p className="wg-form-error" role="alert" data-testid="otp-cooldown">
          {failureText(i18n, cooldown)}
        </p>
      )}
      <div className="wg-email-actions">
        <Button variant="secondary" disabled={state.busy} data-testid="otp-resend" onClick={() => void login.resend()}>
          {seconds > 0 ? t('email.resendIn', { seconds }) : t('email.resend')}
        </Button>
        <Button
          variant="ghost"
          data-testid="otp-change-email"
          onClick={() => {
            login.cancel()
            modal.goBack()
          }}
        >
          {t('email.change')}
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
  const i18n = useI18n()
  const { t } = i18n
  return (
    <div className="wg-view wg-email-view" data-testid="view-EmailVerifyDevice">
      <Spinner size="lg" />
      <h3 className="wg-email-title">{t('email.approveDevice')}</h3>
      <p className="wg-email-lead">
        <EmailSentence text={t('email.newBrowser')} email={state.email.trim()} />
      </p>
      <p className="wg-hint">{t('email.linkExpires')}</p>
      {error !== undefined && (
        <p className="wg-form-error" role="alert" data-testid="device-error">
          {failureText(i18n, error)}
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
        {t('email.useAnother')}
      </Button>
    </div>
  )
}

export function UpdateEmailWalletView() {
  useAreaStyles(sendCss)
  const update = useService(UpdateEmail)
  const state = useStore(update)
  const ids = { input: useId(), error: useId() }
  const i18n = useI18n()
  const { t } = i18n
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
            {t('email.newEmail')}
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
          <p className="wg-hint">{t('email.codesOrder')}</p>
        </div>
        {state.error !== undefined && (
          <p className="wg-form-error" id={ids.error} role="alert" data-testid="update-email-error">
            {failureText(i18n, state.error)}
          </p>
        )}
        <Button type="submit" variant="primary" fullWidth disabled={state.busy} data-testid="update-email-submit">
          {state.busy ? t('email.sending') : t('email.continue')}
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
  const i18n = useI18n()
  const { t } = i18n
  return (
    <div className="wg-view wg-email-view" data-testid={which === 'primary' ? 'view-UpdateEmailPrimaryOtp' : 'view-UpdateEmailSecondaryOtp'}>
      <p className="wg-email-lead">
        {which === 'primary' ? t('email.codeToCurrent') : <EmailSentence text={t('email.codeTo')} email={state.email.trim()} />}
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
          {failureText(i18n, state.error)}
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
