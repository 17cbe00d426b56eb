import { useRef, useState, type FormEvent } from 'react'
import { useObservableState } from 'observable-hooks'
import { of } from 'rxjs'
import { EmailLoginLoader } from '../../../application/embedded-wallet/tokens'
import { Button } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import type { MessageKey } from '../../i18n/catalogue'
import { ELLIPSIS } from '../../../domain/format/glyphs'
import { EMBEDDED_WALLET_MESSAGES } from '../../../domain/messages'

const NOT_LOADED = of(undefined)

/**
 * The email connect method. Focusing the field loads the email login (and starts the wallet's
 * frame); submitting it sends the login code. What is typed goes to the login as soon as it is
 * loaded and lives there, through every view and error; until then it waits here.
 */
export function EmailField() {
  const load = useService(EmailLoginLoader)
  const { t } = useI18n()
  const [login, setLogin] = useState(load.peek)
  const [draft, setDraft] = useState('')
  // What was typed while the login loaded (the field keeps taking keys meanwhile).
  const typed = useRef('')
  const [unloadable, setUnloadable] = useState(false)
  const state = useObservableState(login?.state$ ?? NOT_LOADED, login?.snapshot)
  const email = state?.email ?? draft
  const ensure = () =>
    load().then((loaded) => {
      if (loaded.snapshot.email === '') loaded.setEmail(typed.current)
      setLogin(loaded)
      return loaded
    })
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    ensure().then(
      (loaded) => loaded.submit(),
      () => setUnloadable(true),
    )
  }
  // The login's code did not load: neither did the words of its failures (the spec's, in English).
  const error = state?.errorOn === 'email' && state.error !== undefined ? t(state.error.code as MessageKey, state.error.params) : unloadable ? EMBEDDED_WALLET_MESSAGES.dependencyUnavailable : undefined
  return (
    <form className="wg-email-form" data-testid="connect-method-email" onSubmit={onSubmit} noValidate>
      <div className="wg-email-row">
        <input
          className="wg-email-input"
          data-testid="email-input"
          type="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('connect.email')}
          aria-label={t('connect.email')}
          value={email}
          aria-invalid={error !== undefined}
          aria-errormessage="wg-email-error"
          onFocus={() => void ensure().then((loaded) => loaded.warm(), () => undefined)}
          onChange={(event) => {
            typed.current = event.target.value
            if (login === undefined) setDraft(typed.current)
            else login.setEmail(typed.current)
          }}
        />
        <Button type="submit" disabled={state?.busy} data-testid="email-submit" aria-label={t('connect.continueWithEmail')}>
          {state?.busy === true ? ELLIPSIS : t('connect.continue')}
        </Button>
      </div>
      {typeof PublicKeyCredential === 'function' && (
        <Button variant="ghost" fullWidth disabled={state?.busy} data-testid="email-passkey" onClick={() => void ensure().then((loaded) => loaded.passkey(), () => setUnloadable(true))}>
          {t('connect.passkey')}
        </Button>
      )}
      {error !== undefined && (
        <p className="wg-form-error" id="wg-email-error" role="alert" data-testid="email-error">
          {error}
        </p>
      )}
    </form>
  )
}
