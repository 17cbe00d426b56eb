import { useEffect, useState } from 'react'
import { ConnectionStore } from '../../../application/connection-store'
import { ModalStore } from '../../../application/modal-store'
import { ChooseAccountName } from '../../../application/names/choose-account-name'
import { supportsCapability } from '../../../domain/network/network-support'
import { Button, Notice, useStore } from '../../components'
import { useService } from '../../di-context'
import { useI18n } from '../../i18n/i18n'
import { NamesList } from './NamesList'
import { NotConnected } from '../account/NotConnected'

/**
 * ChooseAccountName: the names the account owns, one marked primary; picking one makes it the name
 * the account shows. The name service has no primary name to set, so the view says the pick is
 * this browser's. Registering another name is one step away.
 */
export default function ChooseAccountNameView() {
  const active = useStore(useService(ConnectionStore))
  const chooser = useService(ChooseAccountName)
  const state = useStore(chooser)
  const modal = useService(ModalStore)
  const { t } = useI18n()
  // The name just picked, said once to screen readers and on screen.
  const [picked, setPicked] = useState<string | undefined>(undefined)
  const caipAddress = active.status === 'connected' ? active.caipAddress : undefined
  const hasNames = active.status === 'connected' && supportsCapability('names', active.namespace)

  useEffect(() => {
    if (caipAddress !== undefined && hasNames) void chooser.load()
  }, [chooser, caipAddress, hasNames])

  if (active.status !== 'connected') return <NotConnected area="profile" view="ChooseAccountName" />
  if (!hasNames) {
    return (
      <div className="wg-view" data-testid="view-ChooseAccountName">
        <Notice testId="names-unsupported" title={t('profile.namesUnsupported')} message={t('profile.namesUnsupportedText')} />
      </div>
    )
  }

  const choose = (name: string) => {
    chooser.choose(name)
    setPicked(name)
  }
  return (
    <div className="wg-view" data-testid="view-ChooseAccountName">
      <p className="wg-profile-intro">{t('profile.chooseIntro')}</p>
      <NamesList state={state} onRetry={() => void chooser.load()} onChoose={choose} />
      <p className="wg-muted" role="status" data-testid="name-chosen">
        {picked !== undefined && state.status === 'ready' && state.displayed === picked ? t('profile.nameChosen', { name: picked }) : ''}
      </p>
      <Button variant="secondary" fullWidth onClick={() => modal.push('RegisterAccountName')} data-testid="choose-register-name">
        {t('profile.registerName')}
      </Button>
    </div>
  )
}
