import type { QuoteState } from '../../../application/onramp/buy-crypto'
import { useI18n, type I18n } from '../../i18n/i18n'
import { numberText } from '../../i18n/format'

/** How a payment method reads. */
export function paymentMethodLabel(id: string, i18n: Pick<I18n, 't'>): string {
  if (/bank/i.test(id)) return i18n.t('onramp.bank')
  if (/card/i.test(id)) return i18n.t('onramp.card')
  return id
}

/**
 * The quote: what arrives, the provider's fee (its share of the total) and the network fee, and
 * the total paid, fees included; a placeholder is marked as an estimate and shows no fees.
 */
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
  const f = quote.figures
  const money = (amount: string) => `${numberText(i18n, amount)} ${f.currency}`
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
            {numberText(i18n, f.purchase.amount)} {f.purchase.currency}
          </bdi>
        </dd>
        {!quote.placeholder && (
          <>
            <dt data-testid="onramp-quote-provider-fee-label">{t('onramp.providerFee', { percent: numberText(i18n, f.providerFeePercent) })}</dt>
            <dd data-testid="onramp-quote-provider-fee">
              <bdi data-i18n-data="">{money(f.providerFee)}</bdi>
            </dd>
            <dt>{t('onramp.networkFee')}</dt>
            <dd data-testid="onramp-quote-network-fee">
              <bdi data-i18n-data="">{money(f.networkFee)}</bdi>
            </dd>
          </>
        )}
        <dt>{t('onramp.total')}</dt>
        <dd data-testid="onramp-quote-total">
          <bdi data-i18n-data="">{money(f.total)}</bdi>
        </dd>
      </dl>
    </div>
  )
}
