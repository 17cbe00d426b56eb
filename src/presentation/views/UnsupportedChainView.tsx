import { NetworksStore } from '../../application/networks/networks-store'
import { SwitchNetwork } from '../../application/networks/switch-network'
import { DisconnectButton, NetworkList, Notice, useStore } from '../components'
import { useService } from '../di-context'
import { SwitchNetworkError } from './SwitchNetworkError'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { networks } from '../i18n/messages/networks'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(networks)

/** The wallet sits on a network the host did not configure: switch back or disconnect. */
export default function UnsupportedChainView() {
  const networks = useStore(useService(NetworksStore))
  const switcher = useService(SwitchNetwork)
  const switching = useStore(switcher)
  const { t } = useI18n()
  const pending = switching.status === 'switching' ? switching.target.caipNetworkId : undefined
  return (
    <div className="wg-view" data-testid="view-UnsupportedChain">
      <Notice
        title={t('networks.unsupportedTitle')}
        message={t('networks.unsupportedText')}
        tone="error"
        announce
      />
      <SwitchNetworkError view="UnsupportedChain" />
      <NetworkList
        label={t('networks.supported')}
        networks={networks.networks}
        activeCaipNetworkId={undefined}
        pendingCaipNetworkId={pending}
        onSelect={(network) => void switcher.execute(network.caipNetworkId)}
      />
      <DisconnectButton />
    </div>
  )
}
