import { ModalStore } from '../../../application/modal-store'
import { Button, Notice } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'

/** What a profile view shows with no wallet connected (a host may open it so): a way to connect. */
export function NotConnected({ view }: { view: string }) {
  const modal = useService(ModalStore)
  const { t } = useI18n()
  return (
    <div className="wg-view" data-testid={`view-${view}`}>
      <Notice
        testId="profile-not-connected"
        title={t('shell.noWalletConnected')}
        message={t('profile.connectToSee')}
        actions={
          <Button onClick={() => modal.reset('Connect')} data-testid="profile-connect">
            {t('account.connectWallet')}
          </Button>
        }
      />
    </div>
  )
}
