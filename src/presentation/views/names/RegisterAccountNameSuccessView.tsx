import { ModalStore } from '../../../application/modal-store'
import { RegisterAccountName } from '../../../application/names/register-account-name'
import { Button, Notice, useStore } from '../../components'
import { useService } from '../../di-context'

/** RegisterAccountNameSuccess (spec section 2): the name is the account's now. */
export default function RegisterAccountNameSuccessView() {
  const state = useStore(useService(RegisterAccountName))
  const modal = useService(ModalStore)
  const name = state.submit.status === 'registered' ? state.submit.name : undefined
  return (
    <div className="wg-view" data-testid="view-RegisterAccountNameSuccess">
      <Notice
        announce
        tone="success"
        title="Name registered"
        message={name === undefined ? 'Your name is registered.' : `${name} is now the name of this account.`}
        actions={
          <Button variant="primary" onClick={() => modal.reset('Account')} data-testid="name-success-done">
            Back to account
          </Button>
        }
      />
    </div>
  )
}
