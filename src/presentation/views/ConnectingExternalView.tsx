import { useObservableState } from 'observable-hooks'
import { ConnectExternal } from '../../application/connection/connect-external'
import { ModalStore } from '../../application/modal-store'
import { Button, Notice, SafeImage, Spinner } from '../components'
import { walletFailureText } from '../../application/failure-text'
import { useService } from '../di-context'

/** Waiting for the chosen browser wallet: waiting, already pending (-32002), declined (4001), error. */
export default function ConnectingExternalView() {
  const connect = useService(ConnectExternal)
  const modal = useService(ModalStore)
  const state = useObservableState(connect.state$, () => connect.snapshot)

  if (state.status === 'idle') {
    return (
      <div className="wg-view" data-testid="view-ConnectingExternal" data-status="idle">
        <Notice
          title="No wallet chosen"
          actions={
            <Button variant="secondary" onClick={() => modal.reset('Connect')}>
              Choose a wallet
            </Button>
          }
        />
      </div>
    )
  }

  const { connector } = state
  const visual = (
    <span className="wg-connecting-visual">
      <SafeImage src={connector.imageUrl} fallbackText={connector.name} size="lg" />
      {state.status === 'connecting' && (
        <span className="wg-connecting-spinner">
          <Spinner size="md" />
        </span>
      )}
    </span>
  )
  const retry = (
    <Button variant="primary" fullWidth onClick={() => void connect.retry()} data-testid="connect-retry">
      Try again
    </Button>
  )

  return (
    <div className="wg-view" data-testid="view-ConnectingExternal" data-status={state.status}>
      {state.status === 'connecting' && (
        <Notice
          announce
          visual={visual}
          title={`Continue in ${connector.name}`}
          message="Accept the connection request in your wallet."
          testId="connecting-waiting"
        />
      )}
      {state.status === 'pending' && (
        <Notice
          announce
          visual={visual}
          title="Check your wallet"
          message={`${connector.name} already has a request waiting. Open the wallet to answer it, then try again.`}
          actions={retry}
          testId="connecting-pending"
        />
      )}
      {state.status === 'declined' && (
        <Notice
          announce
          tone="error"
          visual={visual}
          title="Connection declined"
          message="The request was declined in your wallet."
          actions={retry}
          testId="connecting-declined"
        />
      )}
      {state.status === 'error' && (
        <Notice
          announce
          tone="error"
          visual={visual}
          title="Connection failed"
          message={walletFailureText(state.error)}
          actions={retry}
          testId="connecting-error"
        />
      )}
      {state.status === 'connected' && (
        <Notice announce tone="success" visual={visual} title={`Connected to ${connector.name}`} testId="connecting-connected" />
      )}
    </div>
  )
}
