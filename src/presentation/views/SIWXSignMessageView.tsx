import { useEffect } from 'react'
import { useObservableEagerState } from 'observable-hooks'
import { ConnectionStore } from '../../application/connection-store'
import { ModalConfig } from '../../application/modal-services'
import { SiwxLoader } from '../../application/siwx/siwx-state'
import { shortAddress } from '../../domain/format/address'
import { Button } from '../components'
import { useService } from '../di-context'

/**
 * Sign in with the wallet: the app asks the connected account to sign a message (free, no
 * transaction). Sign asks the wallet; Cancel disconnects when sign-in is required, else closes.
 * A failure keeps this view, with the spec's words in the snack.
 */
export default function SIWXSignMessageView() {
  const loader = useService(SiwxLoader)
  const config = useService(ModalConfig)
  const state = useObservableEagerState(loader.state$)
  const connection = useObservableEagerState(useService(ConnectionStore).state$)
  const appName = config.metadata?.name ?? 'This app'
  const signing = state.status === 'signing'

  useEffect(() => {
    void loader.load().catch(() => undefined)
  }, [loader])

  const sign = () => void loader.load().then((siwx) => siwx.signIn()).catch(() => undefined)
  const cancel = () => void loader.load().then((siwx) => siwx.cancel()).catch(() => undefined)

  return (
    <div className="wg-view wg-siwx" data-testid="view-SIWXSignMessage">
      <p className="wg-siwx-lead">
        <strong>{appName}</strong> wants you to sign in with your wallet.
      </p>
      {connection.status === 'connected' && (
        <p className="wg-muted" data-testid="siwx-account">
          Account {shortAddress(connection.address)}
        </p>
      )}
      <p className="wg-muted">
        {config.siwx?.statement ?? 'Signing proves you own this account.'} It is free and sends no transaction.
      </p>
      <div className="wg-siwx-actions">
        <Button variant="secondary" size="lg" fullWidth onClick={cancel} disabled={signing} data-testid="siwx-cancel">
          Cancel
        </Button>
        <Button size="lg" fullWidth onClick={sign} loading={signing} data-testid="siwx-sign">
          {signing ? 'Waiting for the wallet' : 'Sign'}
        </Button>
      </div>
    </div>
  )
}
