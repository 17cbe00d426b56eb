import { useEffect, useState } from 'react'
import { useObservableState } from 'observable-hooks'
import { ConnectExternal } from '../../application/connection/connect-external'
import { WalletConnectQr, formatCountdown, type WalletConnectQrState } from '../../application/connection/walletconnect-qr'
import { ModalStore } from '../../application/modal-store'
import { Button, Notice, QrCode, SafeImage, Spinner, useCopy } from '../components'
import { walletFailureText } from '../../application/failure-text'
import { useService } from '../di-context'
import { WalletConnectWalletList } from './walletconnect/WalletConnectWalletList'

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
      Try again
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
          title="No wallet chosen"
          actions={
            <Button variant="secondary" onClick={() => modal.reset('Connect')}>
              Choose a wallet
            </Button>
          }
        />
      )}
      {state.status === 'connecting' &&
        (deepLink ? <OpenWallet name={wallet.name} qr={qr} /> : <QrPanel qr={qr} />)}
      {state.status === 'connecting' && desktopApp && (
        <Button variant="secondary" fullWidth onClick={() => walletConnect.openWallet()} data-testid="walletconnect-open-desktop">
          {`Open ${wallet.name} desktop app`}
        </Button>
      )}
      {state.status === 'pending' && (
        <Notice
          announce
          title="Check your wallet"
          message="Your wallet already has a request waiting. Open it to answer, then try again."
          actions={retry}
          testId="connecting-pending"
        />
      )}
      {state.status === 'declined' && (
        <Notice
          announce
          tone="error"
          title="Connection declined"
          message="The request was declined in your wallet."
          actions={retry}
          testId="connecting-declined"
        />
      )}
      {state.status === 'error' && (
        <Notice announce tone="error" title="Connection failed" message={walletFailureText(state.error)} actions={retry} testId="connecting-error" />
      )}
      {state.status === 'connected' && <Notice announce tone="success" title="Connected" testId="connecting-connected" />}
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
  if (qr.status !== 'ready') {
    return <Notice announce visual={<Spinner size="md" />} title="Preparing the QR code" testId="walletconnect-preparing" />
  }
  return (
    <>
      <div className="wg-qr-frame" data-testid="walletconnect-qr" data-uri={qr.uri}>
        <QrCode value={qr.uri} label="WalletConnect QR code: scan it with your phone's wallet" walletConnectLogo />
      </div>
      <p className="wg-qr-caption" data-testid="walletconnect-scan">
        Scan with your phone
      </p>
      <p className="wg-muted" role="timer" aria-live="off" data-testid="walletconnect-countdown">
        New code in {formatCountdown(qr.secondsLeft)}
      </p>
      <Button variant="secondary" fullWidth onClick={() => void copy(qr.uri, 'Link')} data-testid="walletconnect-copy">
        Copy link
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
        {`Open ${name}`}
      </Button>
      {handOver === 'opening' && (
        <p className="wg-muted" role="status" data-testid="walletconnect-opening">
          {`Opening ${name}…`}
        </p>
      )}
      {handOver === 'handed-over' && (
        <p className="wg-muted" role="status" data-testid="walletconnect-handed-over">
          {`Approve the connection in ${name}, then come back here.`}
        </p>
      )}
      {handOver === 'not-handed-over' && !showQr && (
        <Notice
          announce
          title={`${name} did not open`}
          message="Is it installed on this device? Scan the QR code with it, or copy the link into it."
          testId="walletconnect-not-handed-over"
          actions={
            <>
              <Button variant="secondary" fullWidth onClick={() => setShowQr(true)} data-testid="walletconnect-show-qr">
                Show QR code
              </Button>
              <Button
                variant="secondary"
                fullWidth
                disabled={!ready}
                onClick={() => qr.status === 'ready' && void copy(qr.uri, 'Link')}
                data-testid="walletconnect-copy"
              >
                Copy link
              </Button>
            </>
          }
        />
      )}
      {showQr && <QrPanel qr={qr} />}
    </>
  )
}
