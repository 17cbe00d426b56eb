import type { ApprovalPreview } from '../../../application/send/transaction-approvals'
import { useI18n } from '../../i18n/i18n'
import { RiskLines, TransactionPreviewPanel, useTransactionPreview } from './TransactionPreviewPanel'

/**
 * The review's preview again, on the approval step: the chain's balance changes (or "Preview
 * unavailable"), the reason the transaction would fail in their place, and the risk lines, once each.
 */
export default function ApprovalPreviewLines({ preview }: { readonly preview: ApprovalPreview }) {
  const { t } = useI18n()
  const simulation = useTransactionPreview(preview.simulation)
  const reason = preview.revert ?? (simulation?.status === 'reverted' ? simulation.reason : undefined)
  const fromCalls = simulation === undefined || simulation.status === 'idle' ? [] : simulation.risks
  const lines = [...fromCalls, ...(preview.risks ?? [])].filter((risk, i, all) => all.findIndex((r) => r.kind === risk.kind) === i)
  return (
    <>
      {reason === undefined ? (
        <TransactionPreviewPanel state={simulation} />
      ) : (
        <p className="wg-form-error" role="alert" data-testid="preview-reverted">
          {t('send.preview.reverted', { reason })}
        </p>
      )}
      <RiskLines risks={lines} />
    </>
  )
}
