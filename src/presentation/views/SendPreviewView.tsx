import { useEffect, useState } from 'react'
import { ModalStore } from '../../application/modal-store'
import { ModalConfig } from '../../application/modal-services'
import { Button, Notice, SafeImage } from '../components'
import { useService } from '../di-context'
import { preloadApproveTransactionView } from './send/approve-view-loader'
import { useSend } from './send/use-send'
import sendCss from '../styles/send.css?inline'
import { useAreaStyles } from '../styles/area-styles'
import { useI18n } from '../i18n/i18n'
import { sendErrorText, sendWarningText } from './send/send-texts'
import { addEnglish } from '../i18n/i18n'
import { shared } from '../i18n/messages/shared'
import { send } from '../i18n/messages/send'
import { errors } from '../i18n/messages/errors'
import { useMoney } from './use-money'
import { RiskLines, TransactionPreviewPanel, useTransactionPreview } from './send/TransactionPreviewPanel'
import { NotSponsoredLine, sponsoredFeeText } from './send/SponsoredGas'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(send, errors, shared)

/**
 * The review of a checked transfer: amount, fiat value, receiver (and the name it came from),
 * network and estimated fee, and warnings about the receiver (the zero address or the token's
 * contract need an explicit yes). Send hands it to the wallet (the ApproveTransaction step); the
 * button is disabled while a request is in flight, so a double click sends once. After a Cancel
 * on that step it says the request is still open in the wallet, and then that it was sent.
 */
export default function SendPreviewView() {
  useAreaStyles(sendCss)
  const { confirm, review, reviewState, confirmState } = useSend()
  const modal = useService(ModalStore)
  const config = useService(ModalConfig)
  const i18n = useI18n()
  const { money } = useMoney()
  const simulation = useTransactionPreview(review.chainPreview)
  const { t } = i18n
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
          title={t('send.sent')}
          message={t('send.sentLate', { amount: sentLate.amountText, symbol: sentLate.token.symbol })}
          announce
          testId="send-sent"
          actions={
            <Button onClick={() => modal.reset('Account')} data-testid="send-done">
              {t('shell.done')}
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
          title={t('send.nothingToReview')}
          message={t('send.fillFormFirst')}
          actions={<Button onClick={() => modal.goBack()}>{t('send.backToForm')}</Button>}
        />
      </div>
    )
  }

  const network = config.networks.find((n) => `${n.chainNamespace}:${String(n.id)}` === plan.request.chainId)
  const sponsoredFee = sponsoredFeeText(i18n, plan.sponsorship)
  const sending = confirmState.status === 'sending'
  const stillOpen = confirmState.status === 'sending' && confirmState.stillOpen === true
  const isAcknowledged = acknowledged.for === plan
  const error = confirmState.status === 'failed' ? sendErrorText(i18n, confirmState.error) : undefined
  return (
    <div className="wg-view wg-send" data-testid="view-SendPreview">
      <div className="wg-send-summary">
        <SafeImage src={plan.token.iconUrl} fallbackText={plan.token.symbol} size="lg" />
        <p className="wg-send-amount" data-testid="send-preview-amount">
          <bdi data-i18n-data="">
            {plan.amountText} {plan.token.symbol}
          </bdi>
        </p>
        {plan.fiatUsd !== undefined && (
          <p className="wg-hint">
            <bdi data-i18n-data="">≈ {money(plan.fiatUsd)}</bdi>
          </p>
        )}
      </div>
      <dl className="wg-details">
        <div className="wg-details-row">
          <dt>{t('send.to')}</dt>
          <dd data-testid="send-preview-receiver">
            {plan.receiverName !== undefined && (
              <bdi className="wg-details-strong" data-i18n-data="">
                {plan.receiverName}
              </bdi>
            )}
            <bdi className="wg-address" data-i18n-data="">
              {plan.receiverAddress}
            </bdi>
          </dd>
        </div>
        <div className="wg-details-row">
          <dt>{t('send.network')}</dt>
          <dd>
            <bdi data-i18n-data="">{network?.name ?? plan.request.chainId}</bdi>
          </dd>
        </div>
        <div className="wg-details-row">
          <dt>{t('send.networkFee')}</dt>
          <dd data-testid="send-preview-fee">
            {sponsoredFee !== undefined ? (
              <span data-testid="send-preview-sponsored">{sponsoredFee}</span>
            ) : plan.revert === undefined ? (
              <bdi data-i18n-data="">
                {plan.fee} {plan.feeSymbol}
              </bdi>
            ) : (
              t('send.preview.feeUnknown')
            )}
            {sponsoredFee === undefined && plan.feeFiatUsd !== undefined && (
              <span className="wg-hint">
                {' '}
                <bdi data-i18n-data="">(≈ {money(plan.feeFiatUsd)})</bdi>
              </span>
            )}
          </dd>
        </div>
      </dl>
      <NotSponsoredLine i18n={i18n} verdict={plan.sponsorship} testId="send-preview-not-sponsored" />
      {plan.revert === undefined ? (
        <TransactionPreviewPanel state={simulation} />
      ) : (
        <p className="wg-form-error" role="alert" data-testid="preview-reverted">
          {t('send.preview.reverted', { reason: plan.revert })}
        </p>
      )}
      <RiskLines risks={plan.risks} />
      {plan.warnings.length > 0 && (
        <div className="wg-send-warnings" role="alert">
          {plan.warnings.map((warning) => (
            <p className="wg-send-warning" key={warning.kind} data-testid={`send-warning-${warning.kind}`}>
              {sendWarningText(i18n, warning)}
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
              {t('send.understand')}
            </label>
          )}
        </div>
      )}
      {stillOpen && (
        <p className="wg-hint" role="status" data-testid="send-still-open">
          {t('send.stillOpen')}
        </p>
      )}
      {error !== undefined && (
        <p className="wg-form-error" role="alert" data-testid="send-error">
          {error}
        </p>
      )}
      <div className="wg-send-actions">
        <Button variant="secondary" disabled={sending} onClick={() => modal.goBack()} data-testid="send-edit">
          {t('shell.edit')}
        </Button>
        <Button
          loading={sending}
          disabled={plan.needsAcknowledgement && !isAcknowledged}
          onClick={() => void confirm.confirm({ acknowledged: isAcknowledged })}
          data-testid="send-confirm"
        >
          {sending ? t('send.waitingForWallet') : plan.revert === undefined ? t('send.send') : t('send.preview.sendAnyway')}
        </Button>
      </div>
    </div>
  )
}
