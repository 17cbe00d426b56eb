import { SwitchNetwork } from '../../application/networks/switch-network'
import { Notice, SafeImage, Spinner, useStore } from '../components'
import { useService } from '../di-context'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { networks } from '../i18n/messages/networks'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(networks)

/** Shown while the wallet decides about a network switch (or about adding the network first). */
export default function SwitchNetworkView() {
  const state = useStore(useService(SwitchNetwork))
  const { t } = useI18n()
  const target = state.status === 'idle' ? undefined : state.target
  const name = target?.name ?? t('networks.theNetwork')
  const adding = state.status === 'switching' && state.step === 'add'
  return (
    <div className="wg-view" data-testid="view-SwitchNetwork">
      <Notice
        visual={target === undefined ? <Spinner /> : <SafeImage src={target.assets?.imageUrl} fallbackText={name} size="lg" />}
        title={adding ? t('networks.addInWallet', { network: name }) : t('networks.approveInWallet')}
        message={adding ? t('networks.unknownToWallet') : t('networks.switchTo', { network: name })}
        announce
        actions={<Spinner label={adding ? t('networks.waitingToAdd') : t('networks.waiting')} />}
      />
    </div>
  )
}
