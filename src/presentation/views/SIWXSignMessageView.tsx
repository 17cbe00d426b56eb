import { useEffect, type CSSProperties } from 'react'
import { useObservableEagerState } from 'observable-hooks'
import { ConnectionStore } from '../../application/connection-store'
import { ModalConfig } from '../../application/modal-services'
import { SiwxLoader } from '../../application/siwx/siwx-state'
import { Button } from '../components'
import { useService } from '../di-context'
import { useI18n } from '../i18n/i18n'
import { addEnglish } from '../i18n/i18n'
import { shared } from '../i18n/messages/shared'
import { siwx } from '../i18n/messages/siwx'

// This view's texts come with its chunk (../i18n/english.ts).
addEnglish(siwx, shared)

// This view's few rules live with it (its own chunk), not in the shell's stylesheet.
const VIEW: CSSProperties = { textAlign: 'center', gap: 12 }
const LEAD: CSSProperties = { margin: '8px 0 0', fontSize: 16, wordBreak: 'break-all', textWrap: 'balance' }
// Balanced lines: an address that wraps splits in halves, never leaving a lone character on a line.
const ACCOUNT: CSSProperties = { margin: 0, fontFamily: 'ui-monospace, monospace', fontSize: 13, wordBreak: 'break-all', textWrap: 'balance' }
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
  const { t } = useI18n()
  const appName = config.metadata?.name ?? t('siwx.thisApp')
  // The app's name is data, in bold, inside the sentence: split the text at its placeholder.
  const [before = '', after = ''] = t('siwx.wantsSignIn').split('{app}')
  const signing = state.status === 'signing'

  useEffect(() => {
    void loader.load().catch(() => undefined)
  }, [loader])

  const sign = () => void loader.load().then((siwx) => siwx.signIn()).catch(() => undefined)
  const cancel = () => void loader.load().then((siwx) => siwx.cancel()).catch(() => undefined)

  return (
    <div className="wg-view" style={VIEW} data-testid="view-SIWXSignMessage">
      <p style={LEAD}>
        {before}
        <strong>
          <bdi data-i18n-data="">{appName}</bdi>
        </strong>
        {after}
      </p>
      {connection.status === 'connected' && (
        <p className="wg-muted" style={ACCOUNT} data-testid="siwx-account">
          <bdi data-i18n-data="">{connection.address}</bdi>
        </p>
      )}
      <p className="wg-muted">
        {config.siwx?.statement === undefined ? t('siwx.proves') : <bdi data-i18n-data="">{config.siwx.statement}</bdi>} {t('siwx.free')}
      </p>
      <div style={ACTIONS}>
        <Button variant="secondary" size="lg" fullWidth onClick={cancel} disabled={signing} data-testid="siwx-cancel">
          {t('shell.cancel')}
        </Button>
        <Button size="lg" fullWidth onClick={sign} loading={signing} data-testid="siwx-sign">
          {signing ? t('siwx.waiting') : t('siwx.sign')}
        </Button>
      </div>
    </div>
  )
}
