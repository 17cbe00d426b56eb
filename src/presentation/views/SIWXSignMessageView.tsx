import { useEffect, type CSSProperties } from 'react'
import { useObservableEagerState } from 'observable-hooks'
import { ConnectionStore } from '../../application/connection-store'
import { ModalConfig } from '../../application/modal-services'
import { SiwxLoader } from '../../application/siwx/siwx-state'
import { Button } from '../components'
import { useService } from '../di-context'

// This view's few rules live with it (its own chunk), not in the shell's stylesheet.
const VIEW: CSSProperties = { textAlign: 'center', gap: 12 }
const LEAD: CSSProperties = { margin: '8px 0 0', fontSize: 16, overflowWrap: 'anywhere' }
const ACCOUNT: CSSProperties = { margin: 0, fontFamily: 'ui-monospace, monospace', fontSize: 13, overflowWrap: 'anywhere' }
const ACTIONS: CSSProperties = { display: 'flex', gap: 8, marginTop: 8 }

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
    <div className="wg-view" style={VIEW} data-testid="view-SIWXSignMessage">
      <p style={LEAD}>
        <strong>{appName}</strong> wants you to sign in with your wallet.
      </p>
      {connection.status === 'connected' && (
        <p className="wg-muted" style={ACCOUNT} data-testid="siwx-account">
          {connection.address}
        </p>
      )}
      <p className="wg-muted">
        {config.siwx?.statement ?? 'Signing proves you own this account.'} It is free and sends no transaction.
      </p>
      <div style={ACTIONS}>
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
