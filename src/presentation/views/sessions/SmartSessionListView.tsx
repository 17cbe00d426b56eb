import { useEffect } from 'react'
import { useObservableState } from 'observable-hooks'
import { ModalConfig } from '../../../application/modal-services'
import { SmartSessionsStoreToken } from '../../../application/sessions/tokens'
import type { SmartSession } from '../../../domain/sessions/smart-sessions'
import { formatBalance } from '../../../domain/format/amount'
import { shortAddress } from '../../../domain/format/address'
import { Button, Notice, Spinner } from '../../components'
import { useService } from '../../di-context'

/** The smart account's active session keys, each with its limit, its expiry and a Revoke button. */
export default function SmartSessionListView() {
  const store = useService(SmartSessionsStoreToken)
  const config = useService(ModalConfig)
  const state = useObservableState(store.state$, () => store.snapshot)
  useEffect(() => void store.load(), [store])

  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <div className="wg-view" data-testid="view-SmartSessionList">
        <Notice title="Loading sessions" visual={<Spinner />} announce testId="sessions-loading" />
      </div>
    )
  }
  if (state.status === 'error') {
    return (
      <div className="wg-view" data-testid="view-SmartSessionList">
        <Notice
          tone="error"
          title={state.error.message}
          announce
          testId="sessions-error"
          actions={
            <Button variant="secondary" onClick={() => void store.load()} data-testid="sessions-retry">
              Try again
            </Button>
          }
        />
      </div>
    )
  }
  const symbolOf = (chainId: number) => config.networks.find((n) => n.chainNamespace === 'eip155' && Number(n.id) === chainId)?.nativeCurrency
  const locale = typeof navigator !== 'undefined' && navigator.language ? navigator.language : 'en-US'
  const expiryText = (s: SmartSession) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(s.expiry * 1000)
  return (
    <div className="wg-view" data-testid="view-SmartSessionList">
      {state.revokeError !== undefined && (
        <p role="alert" className="wg-form-error" data-testid="sessions-revoke-error">
          {state.revokeError}
        </p>
      )}
      {state.sessions.length === 0 ? (
        <Notice title="No active sessions" message="Apps you grant a session key to appear here." testId="sessions-empty" />
      ) : (
        <ul className="wg-list" aria-label="Active sessions" data-testid="sessions-list">
          {state.sessions.map((s) => {
            const currency = symbolOf(s.chainId)
            const decimals = currency?.decimals ?? 18
            return (
              <li key={s.pci} className="wg-list-item" data-testid="session-row" data-pci={s.pci}>
                <div className="wg-list-item-text">
                  <span className="wg-list-item-label" data-testid="session-key">
                    Key {shortAddress(s.key)}
                  </span>
                  <span className="wg-list-item-description" data-testid="session-limit">
                    Limit {formatBalance(s.valueLimit, decimals)} {currency?.symbol ?? ''} (spent {formatBalance(s.spent, decimals)})
                  </span>
                  <span className="wg-list-item-description" data-testid="session-expiry">
                    Expires {expiryText(s)}
                  </span>
                </div>
                <Button
                  variant="danger"
                  loading={state.revoking === s.pci}
                  disabled={state.revoking !== undefined}
                  onClick={() => void store.revoke(s.pci)}
                  data-testid="session-revoke"
                >
                  Revoke
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
