import type { QuoteState } from '../../../application/onramp/buy-crypto'

/** How a payment method reads. */
export function paymentMethodLabel(id: string): string {
  if (/bank/i.test(id)) return 'Bank account'
  if (/card/i.test(id)) return 'Card'
  return id
}

/** The quote: what arrives, the fees and the total; a placeholder is marked as an estimate. */
export function QuoteSummary({ quote }: { readonly quote: QuoteState }) {
  if (quote.status === 'idle') return null
  if (quote.status === 'loading') return <p className="wg-hint" data-testid="onramp-quote-loading">Getting a quote…</p>
  const q = quote.quote
  return (
    <div className="wg-field" data-testid="onramp-quote" data-placeholder={quote.placeholder}>
      {quote.placeholder && (
        <p className="wg-onramp-placeholder" data-testid="onramp-placeholder">
          Estimate only: a live quote is unavailable right now, so fees are not included. The provider shows the final amount.
        </p>
      )}
      <dl className="wg-onramp-quote">
        <dt>You get</dt>
        <dd data-testid="onramp-quote-amount">
          {q.purchaseAmount.amount} {q.purchaseAmount.currency}
        </dd>
        {!quote.placeholder && (
          <>
            <dt>Fees</dt>
            <dd>
              {(Number(q.coinbaseFee.amount) + Number(q.networkFee.amount)).toFixed(2)} {q.paymentTotal.currency}
            </dd>
          </>
        )}
        <dt>Total</dt>
        <dd>
          {q.paymentTotal.amount} {q.paymentTotal.currency}
        </dd>
      </dl>
    </div>
  )
}
