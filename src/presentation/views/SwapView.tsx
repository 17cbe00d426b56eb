import { useId, type FormEvent } from 'react'
import { Button, Notice } from '../components'
import { impactText, useSwap } from './swap/use-swap'
import sendCss from '../styles/send.css?inline'
import { useAreaStyles } from '../styles/area-styles'

/**
 * The Swap form: from and to tokens (the swap token list with balances), an amount in (Max keeps
 * the gas), and the quote that follows it once typing pauses: amount out, price impact, network
 * fee and the minimum received at 1 % slippage. Review shows SwapPreview.
 */
export default function SwapView() {
  useAreaStyles(sendCss)
  const { swap, state } = useSwap()
  const ids = { from: useId(), to: useId(), amount: useId(), error: useId() }

  if (state.tokens.status === 'error') {
    return (
      <div className="wg-view wg-send" data-testid="view-Swap">
        <Notice
          tone="error"
          title={state.tokens.unsupported ? state.tokens.message : 'Swaps unavailable'}
          message={state.tokens.unsupported ? 'Switch to a network that offers swaps.' : state.tokens.message}
          announce
          testId="swap-unavailable"
          actions={state.tokens.unsupported ? undefined : <Button onClick={() => void swap.start()}>Try again</Button>}
        />
      </div>
    )
  }
  if (state.tokens.status !== 'ready') {
    return (
      <div className="wg-view wg-send" data-testid="view-Swap">
        <p className="wg-muted" role="status">
          Loading tokens…
        </p>
      </div>
    )
  }

  const tokens = state.tokens.list
  const from = tokens.find((t) => t.address === state.from)
  const to = tokens.find((t) => t.address === state.to)
  const quote = state.quote.status === 'ready' ? state.quote.quote : undefined
  const error = state.formError ?? (state.quote.status === 'error' ? state.quote.message : undefined)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void swap.review()
  }

  return (
    <div className="wg-view wg-send" data-testid="view-Swap">
      <form className="wg-send-form" onSubmit={onSubmit} noValidate aria-describedby={error !== undefined ? ids.error : undefined}>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.from}>
            From
          </label>
          <select id={ids.from} className="wg-input wg-select" data-testid="swap-from" value={state.from ?? ''} onChange={(e) => swap.selectFrom(e.target.value)}>
            {tokens.map((t) => (
              <option key={t.address} value={t.address}>
                {t.symbol} · {t.balanceText} available
              </option>
            ))}
          </select>
        </div>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.amount}>
            Amount{from ? ` (${from.symbol})` : ''}
          </label>
          <div className="wg-input-row">
            <input
              id={ids.amount}
              className="wg-input"
              data-testid="swap-amount"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              placeholder="0.0"
              value={state.amount}
              onChange={(e) => swap.setAmount(e.target.value)}
            />
            <Button variant="secondary" data-testid="swap-max" disabled={!from} onClick={() => void swap.fillMax()} aria-label={from ? `Use the maximum ${from.symbol}` : 'Use the maximum'}>
              Max
            </Button>
          </div>
        </div>
        <Button variant="ghost" onClick={() => swap.flip()} data-testid="swap-flip" aria-label="Swap the from and to tokens">
          ⇅
        </Button>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.to}>
            To
          </label>
          <select id={ids.to} className="wg-input wg-select" data-testid="swap-to" value={state.to ?? ''} onChange={(e) => swap.selectTo(e.target.value)}>
            {tokens.map((t) => (
              <option key={t.address} value={t.address}>
                {t.symbol} · {t.balanceText} held
              </option>
            ))}
          </select>
        </div>

        <dl className="wg-details" aria-live="polite" data-testid="swap-quote">
          <div className="wg-details-row">
            <dt>You receive</dt>
            <dd data-testid="swap-to-amount">{state.quote.status === 'loading' ? 'Getting a quote…' : quote ? `${quote.toAmountText} ${to?.symbol ?? ''}` : '—'}</dd>
          </div>
          {quote && (
            <>
              <div className="wg-details-row">
                <dt>Minimum received (1 % slippage)</dt>
                <dd data-testid="swap-minimum">
                  {quote.minimumText} {to?.symbol}
                </dd>
              </div>
              <div className="wg-details-row">
                <dt>Price impact</dt>
                <dd data-testid="swap-impact">{impactText(quote.priceImpact)}</dd>
              </div>
              <div className="wg-details-row">
                <dt>Network fee (estimate)</dt>
                <dd data-testid="swap-fee">{quote.feeText}</dd>
              </div>
            </>
          )}
        </dl>

        {error !== undefined && (
          <p className="wg-form-error" role="alert" id={ids.error} data-testid="swap-error">
            {error}
          </p>
        )}
        <Button type="submit" fullWidth size="lg" disabled={quote === undefined || state.formError !== undefined} data-testid="swap-review">
          Review swap
        </Button>
      </form>
    </div>
  )
}
