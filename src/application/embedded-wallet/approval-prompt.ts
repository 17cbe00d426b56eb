/**
 * The embedded wallet asks the visitor to confirm inside its frame, which shows over the modal. A
 * request the host sends straight to the provider (wagmi, viem) while the modal is closed would
 * wait unseen: the modal opens on ApproveTransaction for it, and closes again once the frame has
 * nothing left to ask (if the visitor did not move on meanwhile).
 */
import type { Subscription } from 'rxjs'
import type { EmbeddedApproval } from '../../ports/embedded-wallet'
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
