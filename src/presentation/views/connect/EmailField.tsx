import { useId, useRef, useState, type FormEvent } from 'react'
import { useObservableState } from 'observable-hooks'
import { of } from 'rxjs'
import { EmailLoginLoader } from '../../../application/embedded-wallet/tokens'
import type { EmailLogin } from '../../../application/embedded-wallet/email-login'
import { Button } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import { ELLIPSIS } from '../../../domain/format/glyphs'
import { EMBEDDED_WALLET_MESSAGES } from '../../../domain/messages'

const NOT_LOADED = of(undefined)

/**
 * The email connect method. Focusing the field loads the email login (and starts the wallet's
 * frame); submitting it sends the login code. Until the login has loaded, what is typed is kept
 * here and handed over; afterwards it lives in the login's state, through every view and error.
 */
export function EmailField() {
  const load = useService(EmailLoginLoader)
  const i18n = useI18n()
  const { t } = i18n
  const [login, setLogin] = useState<EmailLogin | undefined>(() => load.peek())
  const [draft, setDraft] = useState('')
  const draftRef = useRef(draft)
  // The login's own code did not load: nothing else can say so.
  const [draftError, setDraftError] = useState(false)
  const state = useObservableState(login?.state$ ?? NOT_LOADED, login?.snapshot)
  const ids = { input: useId(), error: useId() }

  const ensure = (): Promise<EmailLogin> =>
    load().then((loaded) => {
      if (login === undefined && loaded.snapshot.email === '') loaded.setEmail(draftRef.current)
      setLogin(loaded)
      return loaded
    })
  const onFocus = () => {
    void ensure()
      .then((loaded) => loaded.warm())
      .catch(() => undefined)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void ensure()
      .then((loaded) => loaded.submit())
      .catch(() => setDraftError(true))
  }
  const error = state?.errorOn === 'email' ? state.error : draftError ? EMBEDDED_WALLET_MESSAGES.dependencyUnavailable : undefined
  return (
    <form className="wg-email-form" data-testid="connect-method-email" onSubmit={onSubmit} noValidate>
      <label className="wg-visually-hidden" htmlFor={ids.input}>
        {t('connect.email')}
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
          placeholder={t('connect.email')}
          value={state?.email ?? draft}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : ids.error}
          onFocus={onFocus}
          onChange={(event) => {
            if (login === undefined) {
              draftRef.current = event.target.value
              setDraft(event.target.value)
            } else login.setEmail(event.target.value)
          }}
        />
        <Button type="submit" variant="primary" disabled={state?.busy === true} data-testid="email-submit" aria-label={t('connect.continueWithEmail')}>
          {state?.busy === true ? ELLIPSIS : t('connect.continue')}
        </Button>
      </div>
      {error !== undefined && (
        <p className="wg-form-error" id={ids.error} role="alert" data-testid="email-error">
          {error}
        </p>
      )}
    </form>
  )
}
