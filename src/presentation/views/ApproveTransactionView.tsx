import { useObservableState } from 'observable-hooks'
import { ModalStore } from '../../application/modal-store'
import { TransactionApprovals } from '../../application/send/transaction-approvals'
import { Button, Notice, Spinner } from '../components'
import { useService } from '../di-context'
import sendCss from '../styles/send.css?inline'
import { useAreaStyles } from '../styles/area-styles'

/**
 * The ApproveTransaction step of the approval stack (spec section 4): shown while the wallet
 * has the request. Cancel settles it as cancelled and goes back; the wallet's own answer settles
 * it as success or error.
 */
export default function ApproveTransactionView() {
  useAreaStyles(sendCss)
  const approvals = useService(TransactionApprovals)
  const modal = useService(ModalStore)
  const current = useObservableState(approvals.current$, () => approvals.current)

  if (!current) {
    return (
      <div className="wg-view" data-testid="view-ApproveTransaction">
        <Notice
          title="Nothing to approve"
          message="There is no transaction waiting for approval."
          actions={<Button onClick={() => modal.goBack()}>Back</Button>}
        />
      </div>
    )
  }

  return (
    <div className="wg-view wg-approve" data-testid="view-ApproveTransaction">
      <Notice
        visual={<Spinner size="lg" />}
        title="Approve in your wallet"
        message={current.summary.title}
        announce
        testId="approve-waiting"
      />
      <dl className="wg-details">
        {current.summary.rows.map((row) => (
          <div className="wg-details-row" key={row.label}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
      <Button
        variant="ghost"
        fullWidth
        // The second click of a double click on the review's Send lands here: only a deliberate click cancels.
        onClick={(event) => {
          if (event.detail <= 1) approvals.cancelCurrent()
        }}
        data-testid="approve-cancel"
      >
        Cancel
      </Button>
    </div>
  )
}
