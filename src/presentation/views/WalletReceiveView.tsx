import { useObservableState } from 'observable-hooks'
import { ConnectionStore } from '../../application/connection-store'
import { NetworksStore } from '../../application/networks/networks-store'
import { Button, Notice, QrCode, useCopy, useStore } from '../components'
import { useService } from '../di-context'
import accountCss from '../styles/account.css?inline'
import { useAreaStyles } from '../styles/area-styles'

/** The account's address as text and QR code, to receive tokens. */
export default function WalletReceiveView() {
  useAreaStyles(accountCss)
  const connectionStore = useService(ConnectionStore)
  const connection = useObservableState(connectionStore.state$, () => connectionStore.snapshot)
  const networks = useStore(useService(NetworksStore))
  const copy = useCopy()
  if (connection.status !== 'connected') {
    return (
      <div className="wg-view" data-testid="view-WalletReceive">
        <Notice title="No wallet connected" message="Connect a wallet to receive tokens." />
      </div>
    )
  }
  const names = networks.networks.map((n) => n.name).join(', ')
  return (
    <div className="wg-view wg-receive" data-testid="view-WalletReceive">
      <div className="wg-qr-frame">
        <QrCode value={connection.address} label={`QR code of the address ${connection.address}`} />
      </div>
      <p className="wg-account-address" data-testid="receive-address">
        {connection.address}
      </p>
      <Button onClick={() => void copy(connection.address)} fullWidth data-testid="receive-copy">
        Copy address
      </Button>
      <p className="wg-muted wg-receive-networks">Send tokens on {names} to this address.</p>
    </div>
  )
}
