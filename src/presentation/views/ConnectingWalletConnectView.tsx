import { useEffect, useState } from 'react'
import { useObservableState } from 'observable-hooks'
import { ConnectExternal } from '../../application/connection/connect-external'
import { WalletConnectQr, formatCountdown, type WalletConnectQrState } from '../../application/connection/walletconnect-qr'
import { ModalStore } from '../../application/modal-store'
import { Button, Notice, QrCode, SafeImage, Spinner, useCopy } from '../components'
import { walletFailure } from '../../application/failure-text'
import { useService } from '../di-context'
import { useI18n } from '../i18n/i18n'
import { errorText } from '../i18n/rules'
import { WalletConnectWalletList } from './walletconnect/WalletConnectWalletList'
import { addEnglish } from '../i18n/i18n'
import { connecting } from '../i18n/messages/connecting'
import { errors } from '../i18n/messages/errors'

// This view's texts come with its chunk (../i18n/english.ts).
// A failure's words are the errors' texts, rendered by key.
addEnglish(connecting, errors)

/**
 * ConnectingWalletConnect / ConnectingWalletConnectBasic: the pairing as a QR code and a link to
 * copy, a countdown to the pairing's expiry (a fresh QR replaces it before then), and retry when
 * the wallet declined or the pairing failed. ConnectingWalletConnect carries the chosen wallet: on
 * a phone its "Open" button opens the wallet's deep link with the pairing prepared beforehand (and
 * offers the QR and the link when the wallet does not take over); on a desktop the QR is titled
 * with the wallet. The Basic view adds a list of wallets to choose from. Leaving stops the pairing
 * (Safari on iOS and Telegram keep it for reuse).
 */
export default function ConnectingWalletConnectView() {
  const connect = useService(ConnectExternal)
  const walletConnect = useService(WalletConnectQr)
  const modal = useService(ModalStore)
  const state = useObservableState(connect.state$, () => connect.snapshot)
  const qr = useObservableState(walletConnect.state$, { status: 'preparing' } as const)
  const chosen = useObservableState(walletConnect.wallet$, () => walletConnect.wallet)
  const i18n = useI18n()
  const { t } = i18n
  // Rendered for both names; the root carries the one shown (DOM contract view-<ViewName>).
  const [viewName] = useState(() => (modal.view === 'ConnectingWalletConnectBasic' ? modal.view : 'ConnectingWalletConnect'))
  const wallet = viewName === 'ConnectingWalletConnect' ? chosen : null

  useEffect(() => {
    // A host opening ConnectingWalletConnectBasic directly gets a pairing without choosing first.
    if (viewName === 'ConnectingWalletConnectBasic' && connect.snapshot.status === 'idle') void walletConnect.connect(viewName)
    return () => walletConnect.leave()
  }, [walletConnect, connect, viewName])

  const retry = (
    <Button variant="primary" fullWidth onClick={() => void connect.retry()} data-testid="connect-retry">
      {t('shell.tryAgain')}
    </Button>
  )
  const deepLink = wallet?.mobileLink !== undefined && walletConnect.opensDeepLinks
  // A desktop wallet app: its link opens it with the pairing, next to the QR for the phone.
  const desktopApp = wallet?.desktopLink !== undefined && !walletConnect.opensDeepLinks && qr.status === 'ready'

  return (
    <div className="wg-view wg-walletconnect" data-testid={`view-${viewName}`} data-status={state.status} data-platform={walletConnect.platformKind}>
      {wallet !== null && (
        <div className="wg-walletconnect-wallet" data-testid="walletconnect-wallet">
          <SafeImage src={wallet.imageUrl} fallbackText={wallet.name} size="lg" />
          <p className="wg-notice-title">{wallet.name}</p>
        </div>
      )}
      {state.status === 'idle' && (
        <Notice
          title={t('connect.noWalletChosen')}
          actions={
            <Button variant="secondary" onClick={() => modal.reset('Connect')}>
              {t('connect.chooseWallet')}
            </Button>
          }
        />
      )}
      {state.status === 'connecting' &&
        (deepLink ? <OpenWallet name={wallet.name} qr={qr} /> : <QrPanel qr={qr} />)}
      {state.status === 'connecting' && desktopApp && (
        <Button variant="secondary" fullWidth onClick={() => walletConnect.openWallet()} data-testid="walletconnect-open-desktop">
          {t('connect.openDesktop', { wallet: wallet.name })}
        </Button>
      )}
      {state.status === 'pending' && (
        <Notice
          announce
          title={t('connect.checkWallet')}
          message={t('connect.yourWalletWaiting')}
          actions={retry}
          testId="connecting-pending"
        />
      )}
      {state.status === 'declined' && (
        <Notice
          announce
          tone="error"
          title={t('connect.declined')}
          message={t('connect.declinedText')}
          actions={retry}
          testId="connecting-declined"
        />
      )}
      {state.status === 'error' && (
        <Notice announce tone="error" title={t('connect.failed')} message={errorText(i18n, state.error, walletFailure(state.error))} actions={retry} testId="connecting-error" />
      )}
      {state.status === 'connected' && <Notice announce tone="success" title={t('connect.connected')} testId="connecting-connected" />}
      {viewName === 'ConnectingWalletConnectBasic' && state.status === 'connecting' && <WalletConnectWalletList />}
    </div>
  )
}

/**
 * The Basic view as its own component type: React reuses the instance of a lazy view that resolves
 * to the same component, so the wallet's view would otherwise keep the Basic view's state.
 */
export function ConnectingWalletConnectBasicView() {
  return <ConnectingWalletConnectView />
}

/** The QR code, its countdown and the link to copy (or "preparing" until the first pairing). */
function QrPanel({ qr }: { qr: WalletConnectQrState }) {
  const copy = useCopy()
  const { t } = useI18n()
  if (qr.status !== 'ready') {
    return <Notice announce visual={<Spinner size="md" />} title={t('connect.preparingQr')} testId="walletconnect-preparing" />
  }
  return (
    <>
      <div className="wg-qr-frame" data-testid="walletconnect-qr" data-uri={qr.uri}>
        <QrCode value={qr.uri} label={t('connect.qrLabel')} walletConnectLogo />
      </div>
      <p className="wg-qr-caption" data-testid="walletconnect-scan">
        {t('connect.scanWithPhone')}
      </p>
      <p className="wg-muted" role="timer" aria-live="off" data-testid="walletconnect-countdown">
        {t('connect.newCodeIn', { time: formatCountdown(qr.secondsLeft) })}
      </p>
      <Button variant="secondary" fullWidth onClick={() => void copy(qr.uri, 'link')} data-testid="walletconnect-copy">
        {t('connect.copyLink')}
      </Button>
    </>
  )
}

/**
 * A phone: "Open <Wallet>" opens the wallet's deep link in the click itself (no await before the
 * navigation). A link the wallet did not take over offers the QR code and the link instead.
 */
function OpenWallet({ name, qr }: { name: string; qr: WalletConnectQrState }) {
  const walletConnect = useService(WalletConnectQr)
  const copy = useCopy()
  const handOver = useObservableState(walletConnect.handOver$, () => walletConnect.handOver)
  const [showQr, setShowQr] = useState(false)
  const { t } = useI18n()
  const ready = qr.status === 'ready'
  return (
    <>
      <Button
        variant="primary"
        fullWidth
        disabled={!ready}
        loading={!ready}
        onClick={() => walletConnect.openWallet()}
        data-testid="walletconnect-open"
      >
        {t('connect.open', { wallet: name })}
      </Button>
      {handOver === 'opening' && (
        <p className="wg-muted" role="status" data-testid="walletconnect-opening">
          {t('connect.opening', { wallet: name })}
        </p>
      )}
      {handOver === 'handed-over' && (
        <p className="wg-muted" role="status" data-testid="walletconnect-handed-over">
          {t('connect.approveThenBack', { wallet: name })}
        </p>
      )}
      {handOver === 'not-handed-over' && !showQr && (
        <Notice
          announce
          title={t('connect.didNotOpen', { wallet: name })}
          message={t('connect.didNotOpenText')}
          testId="walletconnect-not-handed-over"
          actions={
            <>
              <Button variant="secondary" fullWidth onClick={() => setShowQr(true)} data-testid="walletconnect-show-qr">
                {t('connect.showQr')}
              </Button>
              <Button
                variant="secondary"
                fullWidth
                disabled={!ready}
                onClick={() => qr.status === 'ready' && void copy(qr.uri, 'link')}
                data-testid="walletconnect-copy"
              >
                {t('connect.copyLink')}
              </Button>
            </>
          }
        />
      )}
      {showQr && <QrPanel qr={qr} />}
    </>
  )
}
