import { useEffect, useState } from 'react'
import { ModalStore } from '../../application/modal-store'
import { ModalConfig } from '../../application/modal-services'
import { sendErrorMessage } from '../../domain/send/send-errors'
import { sendWarningMessage } from '../../domain/send/send-receiver-checks'
import { Button, Notice, SafeImage } from '../components'
import { useService } from '../di-context'
import { preloadApproveTransactionView } from './send/approve-view-loader'
import { useSend } from './send/use-send'
import sendCss from '../styles/send.css?inline'
import { useAreaStyles } from '../styles/area-styles'

/**
 * The review of a checked transfer: amount, fiat value, receiver (and the name it came from),
 * network and estimated fee, and warnings about the receiver (the zero address or the token's
 * contract need an explicit yes). Send hands it to the wallet (the ApproveTransaction step); the
 * button is disabled while a request is in flight, so a double click sends once. After a Cancel
 * on that step it says the request is still open in the wallet, and then that it was sent.
 */
export default function SendPreviewView() {
  useAreaStyles(sendCss)
  const { confirm, reviewState, confirmState } = useSend()
  const modal = useService(ModalStore)
  const config = useService(ModalConfig)
  const plan = reviewState.status === 'ready' ? reviewState.preview : undefined
  // The explicit yes for a receiver that would lose the money; a new review asks again.
  const [acknowledged, setAcknowledged] = useState<{ readonly for?: typeof plan }>({})
  useEffect(() => {
    preloadApproveTransactionView().catch(() => undefined)
  }, [])

  const sentLate = confirmState.status === 'sent' ? confirmState.preview : undefined
  if (!plan && sentLate) {
    return (
      <div className="wg-view" data-testid="view-SendPreview">
        <Notice
          tone="success"
          title="Sent"
          message={`Sent ${sentLate.amountText} ${sentLate.token.symbol}: your wallet sent it after all. It shows in Activity.`}
          announce
          testId="send-sent"
          actions={
            <Button onClick={() => modal.reset('Account')} data-testid="send-done">
              Done
            </Button>
          }
        />
      </div>
    )
  }

  if (!plan) {
    return (
      <div className="wg-view" data-testid="view-SendPreview">
        <Notice
          title="Nothing to review"
          message="Fill in the send form first."
          actions={<Button onClick={() => modal.goBack()}>Back to the form</Button>}
        />
      </div>
    )
  }

  const network = config.networks.find((n) => `${n.chainNamespace}:${String(n.id)}` === plan.request.chainId)
  const sending = confirmState.status === 'sending'
  const stillOpen = confirmState.status === 'sending' && confirmState.stillOpen === true
  const isAcknowledged = acknowledged.for === plan
  const error = confirmState.status === 'failed' ? sendErrorMessage(confirmState.error) : undefined
  return (
    <div className="wg-view wg-send" data-testid="view-SendPreview">
      <div className="wg-send-summary">
        <SafeImage src={plan.token.iconUrl} fallbackText={plan.token.symbol} size="lg" />
        <p className="wg-send-amount" data-testid="send-preview-amount">
          {plan.amountText} {plan.token.symbol}
        </p>
        {plan.fiat !== undefined && <p className="wg-hint">≈ ${plan.fiat}</p>}
      </div>
      <dl className="wg-details">
        <div className="wg-details-row">
          <dt>To</dt>
          <dd data-testid="send-preview-receiver">
            {plan.receiverName !== undefined && <span className="wg-details-strong">{plan.receiverName}</span>}
            <span className="wg-address">{plan.receiverAddress}</span>
          </dd>
        </div>
        <div className="wg-details-row">
          <dt>Network</dt>
          <dd>{network?.name ?? plan.request.chainId}</dd>
        </div>
        <div className="wg-details-row">
          <dt>Network fee</dt>
          <dd data-testid="send-preview-fee">
            {plan.fee} {plan.feeSymbol}
            {plan.feeFiat !== undefined && <span className="wg-hint"> (≈ ${plan.feeFiat})</span>}
          </dd>
        </div>
      </dl>
      {plan.warnings.length > 0 && (
        <div className="wg-send-warnings" role="alert">
          {plan.warnings.map((warning) => (
            <p className="wg-send-warning" key={warning.kind} data-testid={`send-warning-${warning.kind}`}>
              {sendWarningMessage(warning)}
            </p>
          ))}
          {plan.needsAcknowledgement && (
            <label className="wg-send-acknowledge">
              <input
                type="checkbox"
                data-testid="send-acknowledge"
                checked={isAcknowledged}
                disabled={sending}
                onChange={(event) => setAcknowledged(event.target.checked ? { for: plan } : {})}
              />
              I understand, send anyway
            </label>
          )}
        </div>
      )}
      {stillOpen && (
        <p className="wg-hint" role="status" data-testid="send-still-open">
          The request is still open in your wallet. Nothing is sent unless you approve it there; reject it there to stop it.
        </p>
      )}
      {error !== undefined && (
        <p className="wg-form-error" role="alert" data-testid="send-error">
          {error}
        </p>
      )}
      <div className="wg-send-actions">
        <Button variant="secondary" disabled={sending} onClick={() => modal.goBack()} data-testid="send-edit">
          Edit
        </Button>
        <Button
          loading={sending}
          disabled={plan.needsAcknowledgement && !isAcknowledged}
          onClick={() => void confirm.confirm({ acknowledged: isAcknowledged })}
          data-testid="send-confirm"
        >
          {sending ? 'Waiting for wallet' : 'Send'}
        </Button>
      </div>
    </div>
  )
}
