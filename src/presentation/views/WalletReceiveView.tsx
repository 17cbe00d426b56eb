import { useObservableState } from 'observable-hooks'
import { ConnectionStore } from '../../application/connection-store'
import { NetworksStore } from '../../application/networks/networks-store'
import { Button, Notice, QrCode, useCopy, useStore } from '../components'
import { useService } from '../di-context'
import accountCss from '../styles/account.css?inline'
import { useAreaStyles } from '../styles/area-styles'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { shared } from '../i18n/messages/shared'
import { account } from '../i18n/messages/account'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(account, shared)

/** The account's address as text and QR code, to receive tokens. */
export default function WalletReceiveView() {
  useAreaStyles(accountCss)
  const connectionStore = useService(ConnectionStore)
  const connection = useObservableState(connectionStore.state$, () => connectionStore.snapshot)
  const networks = useStore(useService(NetworksStore))
  const copy = useCopy()
  const { t } = useI18n()
  if (connection.status !== 'connected') {
    return (
      <div className="wg-view" data-testid="view-WalletReceive">
        <Notice title={t('shell.noWalletConnected')} message={t('receive.connectToReceive')} />
      </div>
    )
  }
  // Only the address's own family: an EVM address is no Solana address, and tokens sent to it on
  // another family's network may be lost.
  const names = networks.networks
    .filter((n) => n.chainNamespace === connection.namespace)
    .map((n) => n.name)
    .join(', ')
  return (
    <div className="wg-view wg-receive" data-testid="view-WalletReceive">
      <div className="wg-qr-frame">
        <QrCode value={connection.address} label={t('receive.qrLabel', { address: connection.address })} />
      </div>
      <p className="wg-account-address" data-testid="receive-address">
        <bdi data-i18n-data="">{connection.address}</bdi>
      </p>
      <Button onClick={() => void copy(connection.address)} fullWidth data-testid="receive-copy">
        {t('receive.copyAddress')}
      </Button>
      <p className="wg-muted wg-receive-networks" data-testid="receive-networks">
        {t('receive.networks', { networks: names })}
      </p>
      <p className="wg-muted wg-receive-warning" data-testid="receive-warning">
        {t('receive.otherNetworksWarning')}
      </p>
    </div>
  )
}
