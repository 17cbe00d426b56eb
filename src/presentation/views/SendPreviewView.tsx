import { useEffect } from 'react'
import { ModalStore } from '../../application/modal-store'
import { ModalConfig } from '../../application/modal-services'
import { sendErrorMessage } from '../../domain/send/send-errors'
import { Button, Notice, SafeImage } from '../components'
import { useService } from '../di-context'
import { preloadApproveTransactionView } from './send/approve-view-loader'
import { useSend } from './send/use-send'

/**
 * The review of a checked transfer: amount, fiat value, receiver (and the name it came from),
 * network and estimated fee. Send hands it to the wallet (the ApproveTransaction step); the
 * button is disabled while a request is in flight, so a double click sends once.
 */
export default function SendPreviewView() {
  const { confirm, reviewState, confirmState } = useSend()
  const modal = useService(ModalStore)
  const config = useService(ModalConfig)
  const plan = reviewState.status === 'ready' ? reviewState.preview : undefined
  useEffect(() => {
    preloadApproveTransactionView().catch(() => undefined)
  }, [])

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
  const error = confirmState.status === 'failed' ? sendErrorMessage(confirmState.error) : undefined
  return (
    <div className="wg-view wg-send" data-testid="view-SendPreview">
      <div className="wg-send-summary">
        <SafeImage src={plan.token.iconUrl} fallbackText={plan.token.symbol} size="lg" />
        <p className="wg-send-amount" data-testid="send-preview-amount">
          {plan.amount} {plan.token.symbol}
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
      {error !== undefined && (
        <p className="wg-form-error" role="alert" data-testid="send-error">
          {error}
        </p>
      )}
      <div className="wg-send-actions">
        <Button variant="secondary" disabled={sending} onClick={() => modal.goBack()} data-testid="send-edit">
          Edit
        </Button>
        <Button loading={sending} onClick={() => void confirm.confirm()} data-testid="send-confirm">
          {sending ? 'Waiting for wallet' : 'Send'}
        </Button>
      </div>
    </div>
  )
}
