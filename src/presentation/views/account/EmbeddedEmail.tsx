import { useObservableState } from 'observable-hooks'
import { EmbeddedSessionToken } from '../../../application/embedded-wallet/tokens'
import { ModalStore } from '../../../application/modal-store'
import { Button } from '../../components'
import { socialName } from '../../../domain/connect/social-login'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'

/**
 * The email an embedded wallet is signed in with, and the way to change it; for a social user the
 * provider and the username instead.
 */
export function EmbeddedEmail() {
  const session = useService(EmbeddedSessionToken)
  const user = useObservableState(session.user$, null)
  const modal = useService(ModalStore)
  const { t } = useI18n()
  if (user?.socialProvider !== undefined) {
    const provider = socialName(user.socialProvider)
    return (
      <div className="wg-account-email" data-testid="account-social">
        <span className="wg-muted">{t('social.signedInWith')}</span> <span data-testid="account-social-provider" data-i18n-data="">{provider}</span>
        {user.userName !== undefined && (
          <>
            {' '}
            <span className="wg-muted">{t('social.as')}</span> <bdi data-testid="account-social-username" data-i18n-data="">{user.userName}</bdi>
          </>
        )}
      </div>
    )
  }
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
