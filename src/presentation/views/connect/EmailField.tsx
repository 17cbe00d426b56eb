import { useId, type FormEvent } from 'react'
import { EmailLogin } from '../../../application/embedded-wallet/email-login'
import { Button, useStore } from '../../components'
import { useService } from '../../di-context'

/**
 * The email connect method: focusing the field starts loading the embedded wallet, submitting it
 * sends the login code. What was typed stays through every error.
 */
export function EmailField() {
  const login = useService(EmailLogin)
  const state = useStore(login)
  const ids = { input: useId(), error: useId() }
  const error = state.errorOn === 'email' ? state.error : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void login.submit()
  }
  return (
    <form className="wg-email-form" data-testid="connect-method-email" onSubmit={onSubmit} noValidate>
      <label className="wg-visually-hidden" htmlFor={ids.input}>
        Email
      </label>
      <div className="wg-email-row">
        <input
          id={ids.input}
          className="wg-email-input"
          data-testid="email-input"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="Email"
          value={state.email}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : ids.error}
          onFocus={() => login.warm()}
          onChange={(event) => login.setEmail(event.target.value)}
        />
        <Button type="submit" variant="primary" disabled={state.busy} data-testid="email-submit" aria-label="Continue with email">
          {state.busy ? '…' : 'Continue'}
        </Button>
      </div>
      {error !== undefined && (
        <p className="wg-form-error" id={error === undefined ? undefined : ids.error} role="alert" data-testid="email-error">
          {error}
        </p>
      )}
    </form>
  )
}
