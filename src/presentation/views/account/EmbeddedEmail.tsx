import { useObservableState } from 'observable-hooks'
import { EmbeddedSessionToken } from '../../../application/embedded-wallet/tokens'
import { ModalStore } from '../../../application/modal-store'
import { Button } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'

/** The email an embedded wallet is signed in with, and the way to change it. */
export function EmbeddedEmail() {
  const session = useService(EmbeddedSessionToken)
  const user = useObservableState(session.user$, null)
  const modal = useService(ModalStore)
  const { t } = useI18n()
  if (user?.email === undefined) return null
  return (
    <div className="wg-account-email" data-testid="account-email">
      <span className="wg-muted">{t('email.signedInAs')}</span>{' '}
      <bdi data-testid="account-email-address" data-i18n-data="">{user.email}</bdi>
      <Button variant="ghost" onClick={() => modal.push('UpdateEmailWallet')} data-testid="account-update-email">
        {t('email.edit')}
      </Button>
    </div>
  )
}
