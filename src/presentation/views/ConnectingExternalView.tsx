import { useObservableState } from 'observable-hooks'
import { ConnectExternal } from '../../application/connection/connect-external'
import { ModalStore } from '../../application/modal-store'
import { Button, Notice, SafeImage, Spinner } from '../components'
import { walletFailure } from '../../application/failure-text'
import { useService } from '../di-context'
import { useI18n } from '../i18n/i18n'
import { errorText } from '../i18n/rules'
import { addEnglish } from '../i18n/i18n'
import { connecting } from '../i18n/messages/connecting'
import { errors } from '../i18n/messages/errors'

// This view's texts come with its chunk (../i18n/english.ts).
// A failure's words are the errors' texts, rendered by key.
addEnglish(connecting, errors)

/** Waiting for the chosen browser wallet: waiting, already pending (-32002), declined (4001), error. */
export default function ConnectingExternalView() {
  const connect = useService(ConnectExternal)
  const modal = useService(ModalStore)
  const state = useObservableState(connect.state$, () => connect.snapshot)
  const i18n = useI18n()
  const { t } = i18n

  if (state.status === 'idle') {
    return (
      <div className="wg-view" data-testid="view-ConnectingExternal" data-status="idle">
        <Notice
          title={t('connect.noWalletChosen')}
          actions={
            <Button variant="secondary" onClick={() => modal.reset('Connect')}>
              {t('connect.chooseWallet')}
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
      {t('shell.tryAgain')}
    </Button>
  )

  return (
    <div className="wg-view" data-testid="view-ConnectingExternal" data-status={state.status}>
      {state.status === 'connecting' && (
        <Notice
          announce
          visual={visual}
          title={t('connect.continueIn', { wallet: connector.name })}
          message={t('connect.acceptRequest')}
          testId="connecting-waiting"
        />
      )}
      {state.status === 'pending' && (
        <Notice
          announce
          visual={visual}
          title={t('connect.checkWallet')}
          message={t('connect.alreadyWaiting', { wallet: connector.name })}
          actions={retry}
          testId="connecting-pending"
        />
      )}
      {state.status === 'declined' && (
        <Notice
          announce
          tone="error"
          visual={visual}
          title={t('connect.declined')}
          message={t('connect.declinedText')}
          actions={retry}
          testId="connecting-declined"
        />
      )}
      {state.status === 'error' && (
        <Notice
          announce
          tone="error"
          visual={visual}
          title={t('connect.failed')}
          message={errorText(i18n, state.error, walletFailure(state.error))}
          actions={retry}
          testId="connecting-error"
        />
      )}
      {state.status === 'connected' && (
        <Notice announce tone="success" visual={visual} title={t('connect.connectedTo', { wallet: connector.name })} testId="connecting-connected" />
      )}
    </div>
  )
}
