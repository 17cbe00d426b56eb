/**
 * The embedded wallet asks the visitor to confirm inside its frame, which shows over the modal. A
 * request the host sends straight to the provider (wagmi, viem) while the modal is closed would
 * wait unseen: the modal opens on ApproveTransaction for it, and closes again once the frame has
 * nothing left to ask (if the visitor did not move on meanwhile).
 */
import type { Subscription } from 'rxjs'
import { ALERT_ERRORS } from '../../domain/messages'
import type { EmbeddedApproval, EmbeddedWallet } from '../../ports/embedded-wallet'
import type { AlertStore } from '../alert-store'
import type { ModalStore } from '../modal-store'

export function showApprovalsInModal(approval$: { subscribe(next: (approval: EmbeddedApproval) => void): Subscription }, modal: ModalStore): Subscription {
  let openedHere = false
  return approval$.subscribe(({ pending }) => {
    if (pending && !modal.snapshot.open) {
      modal.open({ view: 'ApproveTransaction' }, true)
      openedHere = true
    } else if (!pending && openedHere) {
      openedHere = false
      if (modal.snapshot.open && modal.view === 'ApproveTransaction') modal.close()
    }
  })
}

/** A connected session's trouble as the spec's alerts: "Embedded Wallet Request Timed Out", "Session Expired". */
export function showTroubleAsAlerts(trouble$: EmbeddedWallet['trouble$'], alerts: AlertStore): Subscription {
  return trouble$.subscribe((trouble) => alerts.show(trouble === 'timeout' ? ALERT_ERRORS.embeddedWalletTimeout : ALERT_ERRORS.sessionExpired))
}
