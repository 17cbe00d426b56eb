import { useId, type FormEvent } from 'react'
import { useObservableState } from 'observable-hooks'
import { formatBalanceNumeric } from '../../domain/format/amount'
import { sendErrorMessage } from '../../domain/send/send-errors'
import { Button } from '../components'
import { useSend } from './send/use-send'
import { tokenKey } from './send/token-key'
import sendCss from '../styles/send.css?inline'
import { useAreaStyles } from '../styles/area-styles'

/**
 * The Send form: a token from the balances, an amount (Max, pasted text, the fiat
 * equivalent), a receiver address or registered name. Every rule is checked by ReviewSend when
 * the person asks for the review; the view only renders the form's and the review's states.
 */
export default function SendView() {
  useAreaStyles(sendCss)
  const { form: sendForm, review, formState, reviewState } = useSend()
  const tokens = useObservableState(sendForm.tokens$, () => sendForm.tokens)
  const ids = { token: useId(), amount: useId(), receiver: useId(), receiverHint: useId(), error: useId() }
  const { values: form, receiver } = formState
  const selectedKey = form.token ? tokenKey(form.token) : ''
  const busy = reviewState.status === 'checking' || formState.locked
  const error = reviewState.status === 'failed' ? sendErrorMessage(reviewState.error) : undefined

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void review.review()
  }

  return (
    <div className="wg-view wg-send" data-testid="view-Send">
      <form className="wg-send-form" onSubmit={onSubmit} noValidate aria-describedby={error !== undefined ? ids.error : undefined}>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.token}>
            Token
          </label>
          <select
            id={ids.token}
            className="wg-input wg-select"
            data-testid="send-token"
            value={selectedKey}
            disabled={busy}
            onChange={(event) => sendForm.selectToken(tokens.find((t) => tokenKey(t) === event.target.value))}
          >
            <option value="">Choose a token</option>
            {tokens.map((token) => (
              <option key={tokenKey(token)} value={tokenKey(token)}>
                {token.symbol} · {formatBalanceNumeric(token.quantity.numeric)} available
              </option>
            ))}
          </select>
        </div>

        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.amount}>
            Amount{form.token ? ` (${form.token.symbol})` : ''}
          </label>
          <div className="wg-input-row">
            <input
              id={ids.amount}
              className="wg-input"
              data-testid="send-amount"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              placeholder="0.0"
              value={form.amount}
              disabled={busy}
              onChange={(event) => sendForm.setAmount(event.target.value)}
            />
            <Button
              variant="secondary"
              data-testid="send-max"
              disabled={!form.token || busy}
              aria-label={form.token ? `Use the maximum ${form.token.symbol}` : 'Use the maximum'}
              onClick={() => void review.fillMax()}
            >
              Max
            </Button>
          </div>
          <p className="wg-hint" data-testid="send-fiat" aria-live="polite">
            {formState.fiat !== undefined ? `≈ $${formState.fiat}` : '\u00a0'}
          </p>
        </div>

        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.receiver}>
            To
          </label>
          <input
            id={ids.receiver}
            className="wg-input"
            data-testid="send-receiver"
            autoComplete="off"
            spellCheck={false}
            placeholder="Address or name (alice.wg.id)"
            value={form.receiver}
            disabled={busy}
            aria-describedby={ids.receiverHint}
            onChange={(event) => sendForm.setReceiver(event.target.value)}
          />
          <p className="wg-hint" id={ids.receiverHint} data-testid="send-receiver-hint" aria-live="polite">
            {receiver.status === 'resolving' && `Looking up ${receiver.name}…`}
            {receiver.status === 'resolved' && (
              <>
                {receiver.name} is <span data-testid="send-resolved-address">{receiver.address}</span>
              </>
            )}
            {/* A whole address of another chain family is a sure mistake, said at once; a half-typed one is not. */}
            {receiver.status === 'unresolved' && receiver.error.kind === 'wrongFamily' && sendErrorMessage(receiver.error)}
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
          Review send
        </Button>
      </form>
    </div>
  )
}
