import { useId, type FormEvent } from 'react'
import { UnlessRegionRestricted } from './RegionRestricted'
import { Button, Notice, SafeImage } from '../components'
import { useService } from '../di-context'
import { SwapTokenPickerService } from '../../application/swap/swap-flow-service'
import { impactText, useSwap } from './swap/use-swap'
import sendCss from '../styles/send.css?inline'
import { useAreaStyles } from '../styles/area-styles'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { swap } from '../i18n/messages/swap'
import { send } from '../i18n/messages/send'
import { errors } from '../i18n/messages/errors'
import { numberText } from '../i18n/format'
import { failureText } from '../i18n/rules'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(swap, send, errors)

/** The preview that follows this view, loaded through this chunk (its area's `*.views.ts`). */
export const loadPreview = () => import('./SwapPreviewView')
/** The token picker its token buttons open (or a host page, straight), loaded through this chunk too. */
export const loadTokenSelect = () => import('./swap/SwapSelectTokenView')

/**
 * The Swap form: from and to tokens (the swap token list with balances), an amount in (Max keeps
 * the gas), and the quote that follows it once typing pauses: amount out, price impact, network
 * fee and the minimum received at 1 % slippage. Review shows SwapPreview.
 */
export default function SwapView() {
  return (
    <UnlessRegionRestricted view="Swap">
      <SwapViewForm />
    </UnlessRegionRestricted>
  )
}

function SwapViewForm() {
  useAreaStyles(sendCss)
  const { swap, state } = useSwap()
  const ids = { from: useId(), fromLabel: useId(), to: useId(), toLabel: useId(), amount: useId(), error: useId() }
  const picker = useService(SwapTokenPickerService)
  const i18n = useI18n()
  const { t } = i18n

  if (state.tokens.status === 'error') {
    return (
      <div className="wg-view wg-send" data-testid="view-Swap">
        <Notice
          tone="error"
          title={state.tokens.unsupported ? failureText(i18n, state.tokens.error) : t('swap.unavailable')}
          message={state.tokens.unsupported ? t('swap.switchNetwork') : failureText(i18n, state.tokens.error)}
          announce
          testId="swap-unavailable"
          actions={state.tokens.unsupported ? undefined : <Button onClick={() => void swap.start()}>{t('shell.tryAgain')}</Button>}
        />
      </div>
    )
  }
  if (state.tokens.status !== 'ready') {
    return (
      <div className="wg-view wg-send" data-testid="view-Swap">
        <p className="wg-muted" role="status">
          {t('swap.loadingTokens')}
        </p>
      </div>
    )
  }

  const tokens = state.tokens.list
  const from = tokens.find((t) => t.address === state.from)
  const to = tokens.find((t) => t.address === state.to)
  const quote = state.quote.status === 'ready' ? state.quote.quote : undefined
  const failure = state.formError ?? (state.quote.status === 'error' ? state.quote.error : undefined)
  const error = failure === undefined ? undefined : failureText(i18n, failure)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void swap.review()
  }

  return (
    <div className="wg-view wg-send" data-testid="view-Swap">
      <form className="wg-send-form" onSubmit={onSubmit} noValidate aria-describedby={error !== undefined ? ids.error : undefined}>
        <div className="wg-field">
          <span className="wg-label" id={ids.fromLabel}>
            {t('swap.from')}
          </span>
          <TokenButton id={ids.from} labelId={ids.fromLabel} token={from} text={from ? i18n.t('swap.available', { symbol: from.symbol, balance: numberText(i18n, from.balanceText) }) : undefined} onOpen={() => picker.open('from')} testId="swap-from" />
        </div>
        <div className="wg-field">
          <label className="wg-label" htmlFor={ids.amount}>
            {from ? t('send.amountOf', { symbol: from.symbol }) : t('send.amount')}
          </label>
          <div className="wg-input-row">
            <input
              id={ids.amount}
              className="wg-input"
              data-testid="swap-amount"
              inputMode="decimal"
              autoComplete="off"
              spellCheck={false}
              placeholder={numberText(i18n, '0.0')}
              value={state.amount}
              onChange={(e) => swap.setAmount(e.target.value)}
            />
            <Button variant="secondary" data-testid="swap-max" disabled={!from} onClick={() => void swap.fillMax()} aria-label={from ? t('send.useMaxOf', { symbol: from.symbol }) : t('send.useMax')}>
              {t('send.max')}
            </Button>
          </div>
        </div>
        <Button variant="ghost" onClick={() => swap.flip()} data-testid="swap-flip" aria-label={t('swap.flip')}>
          ⇅
        </Button>
        <div className="wg-field">
          <span className="wg-label" id={ids.toLabel}>
            {t('swap.to')}
          </span>
          <TokenButton id={ids.to} labelId={ids.toLabel} token={to} text={to ? i18n.t('swap.held', { symbol: to.symbol, balance: numberText(i18n, to.balanceText) }) : undefined} onOpen={() => picker.open('to')} testId="swap-to" />
        </div>

        <dl className="wg-details" aria-live="polite" data-testid="swap-quote">
          <div className="wg-details-row">
            <dt>{t('swap.youReceive')}</dt>
            <dd data-testid="swap-to-amount">
              {state.quote.status === 'loading' ? (
                t('swap.gettingQuote')
              ) : quote ? (
                <bdi data-i18n-data="">{`${quote.toAmountText} ${to?.symbol ?? ''}`}</bdi>
              ) : (
                '—'
              )}
            </dd>
          </div>
          {quote && (
            <>
              <div className="wg-details-row">
                <dt>{t('swap.minimum')}</dt>
                <dd data-testid="swap-minimum">
                  <bdi data-i18n-data="">
                    {quote.minimumText} {to?.symbol}
                  </bdi>
                </dd>
              </div>
              <div className="wg-details-row">
                <dt>{t('swap.priceImpact')}</dt>
                <dd data-testid="swap-impact">{impactText(quote.priceImpact, i18n)}</dd>
              </div>
              <div className="wg-details-row">
                <dt>{t('swap.fee')}</dt>
                <dd data-testid="swap-fee">
                  <bdi data-i18n-data="">{quote.feeText}</bdi>
                </dd>
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
          {t('swap.review')}
        </Button>
      </form>
    </div>
  )
}

/** A side's token as a button that opens SwapSelectToken: its icon, symbol and holding. */
function TokenButton({ id, labelId, token, text, onOpen, testId }: { id: string; labelId: string; token: { symbol: string; logoUri: string } | undefined; text: string | undefined; onOpen: () => void; testId: string }) {
  const { t } = useI18n()
  return (
    <button type="button" id={id} className="wg-input wg-token-button" aria-labelledby={`${labelId} ${id}`} onClick={onOpen} data-testid={testId}>
      {token !== undefined && <SafeImage src={token.logoUri} fallbackText={token.symbol} size="sm" />}
      <span className="wg-token-button-text">{text ?? t('swap.chooseToken')}</span>
      <span aria-hidden="true">▾</span>
    </button>
  )
}
