import { useEffect, useId, type FormEvent } from 'react'
import { RegisterAccountName, fullName } from '../../../application/names/register-account-name'
import { NAME_SERVICE_ZONE } from '../../../domain/constants'
import { Button, useStore } from '../../components'
import { useService } from '../../di-context'
import sendCss from '../../styles/send.css?inline'
import featuresCss from '../../styles/wallet-features.css?inline'
import { useAreaStyles } from '../../styles/area-styles'
import { useI18n } from '../../i18n/i18n'
import { addEnglish } from '../../i18n/i18n'
import { names } from '../../i18n/messages/names'
import { errors } from '../../i18n/messages/errors'
import { failureText } from '../../i18n/rules'

// Its texts come with it, in this area's chunk (../../i18n/english.ts; not in the area's index, which a bundler may leave out).
addEnglish(names, errors)

/**
 * RegisterAccountName (spec section 2): a name in the provider's zone, checked as it is typed,
 * with suggestions that mark the taken names; Register asks the wallet to sign, then posts.
 */
export default function RegisterAccountNameView() {
  useAreaStyles(sendCss)
  useAreaStyles(featuresCss)
  const register = useService(RegisterAccountName)
  const state = useStore(register)
  const ids = { input: useId(), hint: useId(), error: useId() }
  const i18n = useI18n()
  const { t } = i18n
  useEffect(() => register.reset(), [register])

  const busy = state.submit.status === 'signing' || state.submit.status === 'registering'
  const typed = state.label !== ''
  const hint = typed && !state.validation.valid ? failureText(i18n, state.validation.failure) : undefined
  const error = state.submit.status === 'error' ? failureText(i18n, state.submit.error) : undefined
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void register.register()
  }
  const taken = state.suggestions.status === 'ready' && state.suggestions.suggestions.some((s) => s.registered && s.name === fullName(state.label))

  return (
    <div className="wg-view" data-testid="view-RegisterAccountName">
      <form className="wg-send-form" onSubmit={onSubmit} noValidate>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.input}>
            {t('names.name')}
          </label>
          <div className="wg-input-row wg-name-row">
            <input
              id={ids.input}
              className="wg-input"
              data-testid="name-input"
              autoComplete="off"
              spellCheck={false}
              autoCapitalize="none"
              placeholder={t('names.placeholder')}
              value={state.label}
              disabled={busy}
              aria-invalid={hint !== undefined || taken}
              aria-describedby={error === undefined ? ids.hint : `${ids.hint} ${ids.error}`}
              onChange={(event) => register.setLabel(event.target.value)}
            />
            <bdi className="wg-name-zone" data-i18n-data="">
              .{NAME_SERVICE_ZONE}
            </bdi>
          </div>
          <p className="wg-hint" id={ids.hint} data-testid="name-hint" aria-live="polite">
            {hint ?? (taken ? t('names.taken', { name: fullName(state.label) }) : t('names.rule'))}
          </p>
        </div>
        {error !== undefined && (
          <p className="wg-form-error" id={ids.error} role="alert" data-testid="name-error">
            {error}
          </p>
        )}
        <Button type="submit" variant="primary" fullWidth disabled={busy || !state.validation.valid || taken} data-testid="name-register">
          {state.submit.status === 'signing' ? t('names.signing') : state.submit.status === 'registering' ? t('names.registering') : t('names.register')}
        </Button>
        {/* Below the button: suggestions arrive while the visitor types, and must not move Register under the pointer. */}
        <Suggestions register={register} />
      </form>
    </div>
  )
}

function Suggestions({ register }: { readonly register: RegisterAccountName }) {
  const { suggestions } = useStore(register)
  const i18n = useI18n()
  const { t } = i18n
  if (suggestions.status === 'idle') return null
  if (suggestions.status === 'loading') return <p className="wg-hint">{t('names.looking')}</p>
  if (suggestions.status === 'error') {
    return (
      <p className="wg-hint" data-testid="name-suggestions-error">
        {failureText(i18n, suggestions.error)}
      </p>
    )
  }
  return (
    <ul className="wg-name-suggestions" data-testid="name-suggestions" aria-label={t('names.suggested')}>
      {suggestions.suggestions.map((s) => (
        <li key={s.name}>
          <button
            type="button"
            className="wg-name-suggestion"
            data-testid={`name-suggestion-${s.name}`}
            data-registered={s.registered}
            disabled={s.registered}
            onClick={() => register.setLabel(s.name)}
          >
            <bdi data-i18n-data="">{s.name}</bdi>
            <span className={s.registered ? 'wg-name-taken' : 'wg-name-free'}>{s.registered ? t('names.takenTag') : t('names.available')}</span>
          </button>
        </li>
      ))}
    </ul>
  )
}
