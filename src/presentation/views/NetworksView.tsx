import { NetworksStore } from '../../application/networks/networks-store'
import { SwitchNetwork } from '../../application/networks/switch-network'
import { useObservableState } from 'observable-hooks'
import { ConnectionStore } from '../../application/connection-store'
import { Button, NetworkList, useStore } from '../components'
import { ModalStore } from '../../application/modal-store'
import { useService } from '../di-context'
import { SwitchNetworkError } from './SwitchNetworkError'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { networks } from '../i18n/messages/networks'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(networks)

/**
 * The configured networks, the active one and every other connected family's marked; choosing one
 * asks the wallet to switch (spec section 4).
 */
export default function NetworksView() {
  const networks = useStore(useService(NetworksStore))
  const switcher = useService(SwitchNetwork)
  const switching = useStore(switcher)
  const modal = useService(ModalStore)
  const connection = useService(ConnectionStore)
  // Every connected chain family's network, not the active one's only.
  const accounts = useObservableState(connection.accounts$, connection.accounts)
  const { t } = useI18n()
  const pending = switching.status === 'switching' ? switching.target.caipNetworkId : undefined
  return (
    <div className="wg-view" data-testid="view-Networks">
      <SwitchNetworkError view="Networks" />
      <NetworkList
        label={t('networks.list')}
        networks={networks.networks}
        activeCaipNetworkId={networks.activeCaipNetworkId}
        connectedCaipNetworkIds={Object.values(accounts).flatMap((account) => account?.caipNetworkId ?? [])}
        pendingCaipNetworkId={pending}
        onSelect={(network) => void switcher.execute(network.caipNetworkId, { navigate: true })}
      />
      <Button variant="ghost" fullWidth className="wg-help" data-testid="network-help" onClick={() => modal.push('WhatIsANetwork')}>
        {t('networks.whatIsNetwork')}
      </Button>
    </div>
  )
}
