import type { QuoteState } from '../../../application/onramp/buy-crypto'
import { useI18n, type I18n } from '../../i18n/i18n'
import { numberText } from '../../i18n/format'

/** How a payment method reads. */
export function paymentMethodLabel(id: string, i18n: Pick<I18n, 't'>): string {
  if (/bank/i.test(id)) return i18n.t('onramp.bank')
  if (/card/i.test(id)) return i18n.t('onramp.card')
  return id
}

/** The quote: what arrives, the fees and the total; a placeholder is marked as an estimate. */
export function QuoteSummary({ quote }: { readonly quote: QuoteState }) {
  const i18n = useI18n()
  const { t } = i18n
  if (quote.status === 'idle') return null
  if (quote.status === 'loading') {
    return (
      <p className="wg-hint" data-testid="onramp-quote-loading">
        {t('onramp.gettingQuote')}
      </p>
    )
  }
  const q = quote.quote
  return (
    <div className="wg-field" data-testid="onramp-quote" data-placeholder={quote.placeholder}>
      {quote.placeholder && (
        <p className="wg-onramp-placeholder" data-testid="onramp-placeholder">
          {t('onramp.estimateOnly')}
        </p>
      )}
      <dl className="wg-onramp-quote">
        <dt>{t('onramp.youGet')}</dt>
        <dd data-testid="onramp-quote-amount">
          <bdi data-i18n-data="">
            {numberText(i18n, q.purchaseAmount.amount)} {q.purchaseAmount.currency}
          </bdi>
        </dd>
        {!quote.placeholder && (
          <>
            <dt>{t('onramp.fees')}</dt>
            <dd>
              <bdi data-i18n-data="">
                {numberText(i18n, (Number(q.coinbaseFee.amount) + Number(q.networkFee.amount)).toFixed(2))} {q.paymentTotal.currency}
              </bdi>
            </dd>
          </>
        )}
        <dt>{t('onramp.total')}</dt>
        <dd>
          <bdi data-i18n-data="">
            {numberText(i18n, q.paymentTotal.amount)} {q.paymentTotal.currency}
          </bdi>
        </dd>
      </dl>
    </div>
  )
}
