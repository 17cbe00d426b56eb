import { useEffect, useState } from 'react'
import { useObservableState } from 'observable-hooks'
import { ConnectExternal } from '../../application/connection/connect-external'
import { WalletConnectQr, formatCountdown } from '../../application/connection/walletconnect-qr'
import { ModalStore } from '../../application/modal-store'
import { Button, Notice, Spinner } from '../components'
import { useService } from '../di-context'
import { QrCode } from './account/QrCode'
import { useCopy } from './account/use-copy'

/**
 * ConnectingWalletConnect / ConnectingWalletConnectBasic: the pairing as a QR code and a link to
 * copy, a countdown to the pairing's expiry (a fresh QR replaces it before then), and retry when
 * the wallet declined or the pairing failed. Leaving the view stops the pairing.
 */
export default function ConnectingWalletConnectView() {
  const connect = useService(ConnectExternal)
  const walletConnect = useService(WalletConnectQr)
  const modal = useService(ModalStore)
  const copy = useCopy()
  const state = useObservableState(connect.state$, () => connect.snapshot)
  const qr = useObservableState(walletConnect.state$, { status: 'preparing' } as const)
  // Rendered for both names; the root carries the one shown (DOM contract view-<ViewName>).
  const [viewName] = useState(() => (modal.view === 'ConnectingWalletConnectBasic' ? modal.view : 'ConnectingWalletConnect'))

  useEffect(() => {
    // A host opening ConnectingWalletConnectBasic directly gets a pairing without choosing first.
    if (viewName === 'ConnectingWalletConnectBasic' && connect.snapshot.status === 'idle') void walletConnect.connect(viewName)
    return () => walletConnect.cancel()
  }, [walletConnect, connect, viewName])

  const retry = (
    <Button variant="primary" fullWidth onClick={() => void connect.retry()} data-testid="connect-retry">
      Try again
    </Button>
  )

  return (
    <div className="wg-view wg-walletconnect" data-testid={`view-${viewName}`} data-status={state.status}>
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
        (qr.status === 'ready' ? (
          <>
            <div className="wg-qr-frame" data-testid="walletconnect-qr" data-uri={qr.uri}>
              <QrCode value={qr.uri} label="WalletConnect QR code: scan it with your phone's wallet" />
            </div>
            <p className="wg-muted" role="timer" aria-live="off" data-testid="walletconnect-countdown">
              New code in {formatCountdown(qr.secondsLeft)}
            </p>
            <Button variant="secondary" fullWidth onClick={() => void copy(qr.uri, 'Link')} data-testid="walletconnect-copy">
              Copy link
            </Button>
          </>
        ) : (
          <Notice announce visual={<Spinner size="md" />} title="Preparing the QR code" testId="walletconnect-preparing" />
        ))}
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
        <Notice announce tone="error" title="Connection failed" message={state.error.message} actions={retry} testId="connecting-error" />
      )}
      {state.status === 'connected' && <Notice announce tone="success" title="Connected" testId="connecting-connected" />}
    </div>
  )
}
