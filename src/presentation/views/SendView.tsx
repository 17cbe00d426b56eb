import { useId, type FormEvent } from 'react'
import { useObservableState } from 'observable-hooks'
import { Button } from '../components'
import { useSend } from './send/use-send'
import { tokenKey } from './send/token-key'
import sendCss from '../styles/send.css?inline'
import { useAreaStyles } from '../styles/area-styles'
import { useI18n } from '../i18n/i18n'
import { sendErrorText } from './send/send-texts'
import { addEnglish } from '../i18n/i18n'
import { send } from '../i18n/messages/send'
import { errors } from '../i18n/messages/errors'
import { balanceText, numberText } from '../i18n/format'
import { useMoney } from './use-money'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(send, errors)

/** The preview that follows this view, loaded through this chunk (its area's `*.views.ts`). */
export const loadPreview = () => import('./SendPreviewView')

/**
 * The Send form: a token from the balances, an amount (Max, pasted text, the fiat
 * equivalent), a receiver address or registered name. Every rule is checked by ReviewSend when
 * the person asks for the review; the view only renders the form's and the review's states.
 */
export default function SendView() {
  useAreaStyles(sendCss)
  const { form: sendForm, review, formState, reviewState } = useSend()
  const tokens = useObservableState(sendForm.tokens$, () => sendForm.tokens)
  const i18n = useI18n()
  const { money } = useMoney()
  const { t } = i18n
  const ids = { token: useId(), amount: useId(), receiver: useId(), receiverHint: useId(), error: useId() }
  const { values: form, receiver } = formState
  const selectedKey = form.token ? tokenKey(form.token) : ''
  const busy = reviewState.status === 'checking' || formState.locked
  const error = reviewState.status === 'failed' ? sendErrorText(i18n, reviewState.error) : undefined

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void review.review()
  }

  return (
    <div className="wg-view wg-send" data-testid="view-Send">
      <form className="wg-send-form" onSubmit={onSubmit} noValidate aria-describedby={error !== undefined ? ids.error : undefined}>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.token}>
            {t('send.token')}
          </label>
          <select
            id={ids.token}
            className="wg-input wg-select"
            data-testid="send-token"
            value={selectedKey}
            disabled={busy}
            onChange={(event) => sendForm.selectToken(tokens.find((t) => tokenKey(t) === event.target.value))}
          >
            <option value="">{t('send.chooseToken')}</option>
            {tokens.map((token) => (
              <option key={tokenKey(token)} value={tokenKey(token)}>
                {t('send.available', { symbol: token.symbol, balance: balanceText(i18n, token.quantity.numeric) })}
              </option>
            ))}
          </select>
        </div>

        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.amount}>
            {form.token ? t('send.amountOf', { symbol: form.token.symbol }) : t('send.amount')}
          </label>
          <div className="wg-input-row">
            <input
              id={ids.amount}
              className="wg-input"
              data-testid="send-amount"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              placeholder={numberText(i18n, '0.0')}
              value={form.amount}
              disabled={busy}
              onChange={(event) => sendForm.setAmount(event.target.value)}
            />
            <Button
              variant="secondary"
              data-testid="send-max"
              disabled={!form.token || busy}
              aria-label={form.token ? t('send.useMaxOf', { symbol: form.token.symbol }) : t('send.useMax')}
              onClick={() => void review.fillMax()}
            >
              {t('send.max')}
            </Button>
          </div>
          <p className="wg-hint" data-testid="send-fiat" aria-live="polite">
            {formState.fiatUsd !== undefined ? <bdi data-i18n-data="">≈ {money(formState.fiatUsd)}</bdi> : '\u00a0'}
          </p>
        </div>

        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.receiver}>
            {t('send.to')}
          </label>
          <input
            id={ids.receiver}
            className="wg-input"
            data-testid="send-receiver"
            autoComplete="off"
            spellCheck={false}
            placeholder={t('send.receiverPlaceholder')}
            value={form.receiver}
            disabled={busy}
            aria-describedby={ids.receiverHint}
            onChange={(event) => sendForm.setReceiver(event.target.value)}
          />
          <p className="wg-hint" id={ids.receiverHint} data-testid="send-receiver-hint" aria-live="polite">
            {receiver.status === 'resolving' && t('send.lookingUp', { name: receiver.name })}
            {receiver.status === 'resolved' && (
              <>
                {t('send.resolvedIs', { name: receiver.name })}{' '}
                <bdi data-testid="send-resolved-address" data-i18n-data="">
                  {receiver.address}
                </bdi>
              </>
            )}
            {/* A whole address of another chain family is a sure mistake, said at once; a half-typed one is not. */}
            {receiver.status === 'unresolved' && receiver.error.kind === 'wrongFamily' && sendErrorText(i18n, receiver.error)}
            {(receiver.status === 'empty' || receiver.status === 'address' || (receiver.status === 'unresolved' && receiver.error.kind !== 'wrongFamily')) &&
              '\u00a0'}
          </p>
        </div>

        {error !== undefined && (
          <p className="wg-form-error" role="alert" id={ids.error} data-testid="send-error">
            {error}
          </p>
        )}

        <Button type="submit" fullWidth size="lg" loading={reviewState.status === 'checking'} disabled={busy} data-testid="send-review">
          {t('send.review')}
        </Button>
      </form>
    </div>
  )
}
