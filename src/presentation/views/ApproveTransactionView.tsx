import { useObservableState } from 'observable-hooks'
import { ModalStore } from '../../application/modal-store'
import { TransactionApprovals } from '../../application/send/transaction-approvals'
import { Button, Notice, Spinner } from '../components'
import { useService } from '../di-context'
import sendCss from '../styles/send.css?inline'
import { useAreaStyles } from '../styles/area-styles'
import { useI18n } from '../i18n/i18n'
import type { MessageKey } from '../i18n/catalogue'
import { addEnglish } from '../i18n/i18n'
import { shared } from '../i18n/messages/shared'
import { send } from '../i18n/messages/send'
import { lazy, Suspense } from 'react'

// The preview's lines load on their own, after the step itself: the page's first script only
// knows this view's chunk, not the preview's.
const ApprovalPreviewLines = lazy(() => import('./send/ApprovalPreviewLines'))

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(send, shared)

/**
 * The ApproveTransaction step of the approval stack (spec section 4): shown while the wallet
 * has the request, with what the review found out before asking it (the chain's balance changes,
 * "Preview unavailable", the reason it would fail, the risk lines), so the visitor can hold the
 * wallet's prompt against it. Cancel settles it as cancelled and goes back; the wallet's own
 * answer settles it as success or error.
 */
export default function ApproveTransactionView() {
  useAreaStyles(sendCss)
  const approvals = useService(TransactionApprovals)
  const modal = useService(ModalStore)
  const current = useObservableState(approvals.current$, () => approvals.current)
  const i18n = useI18n()
  const { t } = i18n

  if (!current) {
    return (
      <div className="wg-view" data-testid="view-ApproveTransaction">
        <Notice
          title={t('approve.nothing')}
          message={t('approve.nothingText')}
          actions={<Button onClick={() => modal.goBack()}>{t('shell.back')}</Button>}
        />
      </div>
    )
  }

  return (
    <div className="wg-view wg-approve" data-testid="view-ApproveTransaction">
      <Notice
        visual={<Spinner size="lg" />}
        title={t('approve.inWallet')}
        message={current.summary.titleText === undefined ? current.summary.title : t(current.summary.titleText.key as MessageKey, current.summary.titleText.params)}
        announce
        testId="approve-waiting"
      />
      <dl className="wg-details">
        {current.summary.rows.map((row) => (
          <div className="wg-details-row" key={row.label}>
            <dt>{i18n.text(`approve.row.${row.label}`) ?? row.label}</dt>
            <dd>
              {row.valueText === undefined ? <bdi data-i18n-data="">{row.value}</bdi> : t(row.valueText.key as MessageKey, row.valueText.params)}
            </dd>
          </div>
        ))}
      </dl>
      {current.preview !== undefined && (
        <Suspense fallback={null}>
          <ApprovalPreviewLines preview={current.preview} />
        </Suspense>
      )}
      <Button
        variant="ghost"
        fullWidth
        // The second click of a double click on the review's Send lands here: only a deliberate click cancels.
        onClick={(event) => {
          if (event.detail <= 1) approvals.cancelCurrent()
        }}
        data-testid="approve-cancel"
      >
        {t('shell.cancel')}
      </Button>
    </div>
  )
}

