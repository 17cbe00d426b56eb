import { ModalStore } from '../../../application/modal-store'
import type { ViewName } from '../../../domain/navigation/views'
import { Button, Notice } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'

/**
 * What an account's view shows with no wallet connected (a host may open it so): it says so and
 * offers Connect. `area` names its sentence (`<area>.connectToSee`) and its test ids.
 */
export function NotConnected({ view, area = 'account' }: { readonly view: ViewName; readonly area?: 'account' | 'profile' }) {
  const modal = useService(ModalStore)
  const { t } = useI18n()
  return (
    <div className="wg-view" data-testid={`view-${view}`}>
      <Notice
        {...(area === 'account' ? {} : { testId: `${area}-not-connected` })}
        title={t('shell.noWalletConnected')}
        message={area === 'account' ? t('account.connectToSee') : t('profile.connectToSee')}
        actions={
          <Button onClick={() => modal.reset('Connect')} data-testid={`${area}-connect`}>
            {t('account.connectWallet')}
          </Button>
        }
      />
    </div>
  )
}
