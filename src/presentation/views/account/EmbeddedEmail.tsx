import { useObservableState } from 'observable-hooks'
import { EmbeddedSessionToken } from '../../../application/embedded-wallet/tokens'
import { ModalStore } from '../../../application/modal-store'
import { Button } from '../../components'
import { useService } from '../../di-context'

/** The email an embedded wallet is signed in with, and the way to change it. */
export function EmbeddedEmail() {
  const session = useService(EmbeddedSessionToken)
  const user = useObservableState(session.user$, null)
  const modal = useService(ModalStore)
  if (user?.email === undefined) return null
  return (
    <div className="wg-account-email" data-testid="account-email">
      <span className="wg-muted">Signed in as</span> <bdi data-testid="account-email-address">{user.email}</bdi>
      <Button variant="ghost" onClick={() => modal.push('UpdateEmailWallet')} data-testid="account-update-email">
        Update email
      </Button>
    </div>
  )
}
