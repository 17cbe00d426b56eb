import { useEffect } from 'react'
import { ModalStore } from '../../application/modal-store'
import { Button, Notice } from '../components'
import { useService } from '../di-context'
import { preloadApproveTransactionView } from './send/approve-view-loader'
import { impactText, useSwap } from './swap/use-swap'
import sendCss from '../styles/send.css?inline'
import { useAreaStyles } from '../styles/area-styles'

/**
 * The previewed swap: what goes out, what comes back at least, price impact and fee, and whether
 * an approval of exactly the amount comes first. Swap re-quotes before the wallet sees anything:
 * a pool that moved below the minimum shows the new quote and sends nothing. The button is
 * disabled while a request is in flight, so a double click swaps once.
 */
export default function SwapPreviewView() {
  useAreaStyles(sendCss)
  const { swap, state } = useSwap()
  const modal = useService(ModalStore)
  useEffect(() => {
    preloadApproveTransactionView().catch(() => undefined)
  }, [])
  const preview = state.preview

  if (preview === undefined) {
    return (
      <div className="wg-view" data-testid="view-SwapPreview">
        <Notice title="Nothing to review" message="Fill in the swap form first." actions={<Button onClick={() => modal.goBack()}>Back to the form</Button>} />
      </div>
    )
  }

  const submit = state.submit
  const busy = submit.status === 'checking' || submit.status === 'approving' || submit.status === 'swapping' || submit.status === 'confirming'
  const { quote } = preview
  return (
    <div className="wg-view wg-send" data-testid="view-SwapPreview">
      <dl className="wg-details">
        <div className="wg-details-row">
          <dt>You pay</dt>
          <dd data-testid="swap-preview-from">
            {preview.amountText} {preview.from.symbol}
          </dd>
        </div>
        <div className="wg-details-row">
          <dt>You receive (quote)</dt>
          <dd data-testid="swap-preview-to">
            {quote.toAmountText} {preview.to.symbol}
          </dd>
        </div>
        <div className="wg-details-row">
          <dt>Minimum received (1 % slippage)</dt>
          <dd data-testid="swap-preview-minimum">
            {quote.minimumText} {preview.to.symbol}
          </dd>
        </div>
        <div className="wg-details-row">
          <dt>Price impact</dt>
          <dd>{impactText(quote.priceImpact)}</dd>
        </div>
        <div className="wg-details-row">
          <dt>Network fee (estimate)</dt>
          <dd>{quote.feeText}</dd>
        </div>
      </dl>
      {preview.needsApproval && (
        <p className="wg-hint" data-testid="swap-preview-approval">
          {preview.batch === undefined
            ? `Your wallet first asks to approve exactly ${preview.amountText} ${preview.from.symbol} for the swap.`
            : `Your wallet asks once, for both the approval of exactly ${preview.amountText} ${preview.from.symbol} and the swap.`}
        </p>
      )}
      {submit.status === 'requoted' && (
        <div role="alert" data-testid="swap-requoted">
          <p className="wg-form-error">
            The price moved: you would now receive {submit.quote.toAmountText} {preview.to.symbol}, below the minimum of {quote.minimumText}. Nothing was sent.
          </p>
          <Button variant="secondary" fullWidth onClick={() => swap.acceptNewQuote()} data-testid="swap-accept-quote">
            Use the new quote
          </Button>
        </div>
      )}
      {submit.status === 'failed' && (
        <p className="wg-form-error" role="alert" data-testid="swap-preview-error">
          {submit.message}
        </p>
      )}
      <Button fullWidth size="lg" loading={busy} disabled={busy || submit.status === 'requoted'} onClick={() => void swap.confirm()} data-testid="swap-confirm">
        {submit.status === 'approving' ? 'Approving…' : submit.status === 'confirming' ? 'Confirming…' : 'Swap'}
      </Button>
      <Button variant="ghost" fullWidth disabled={busy} onClick={() => modal.goBack()} data-testid="swap-edit">
        Edit
      </Button>
    </div>
  )
}
