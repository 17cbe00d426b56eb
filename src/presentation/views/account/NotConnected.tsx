import { ModalStore } from '../../../application/modal-store'
import type { ViewName } from '../../../domain/navigation/views'
import { Button, Notice } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'

/** What an account's view shows with no wallet connected: it says so and offers Connect. */
export function NotConnected({ view }: { readonly view: ViewName }) {
  const modal = useService(ModalStore)
  const { t } = useI18n()
  return (
    <div className="wg-view" data-testid={`view-${view}`}>
      <Notice
        title={t('shell.noWalletConnected')}
        message={t('account.connectToSee')}
        actions={
          <Button onClick={() => modal.reset('Connect')} data-testid="account-connect">
            {t('account.connectWallet')}
          </Button>
        }
      />
    </div>
  )
}
