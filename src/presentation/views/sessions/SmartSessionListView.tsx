import { useEffect } from 'react'
import { useObservableState } from 'observable-hooks'
import { ModalConfig } from '../../../application/modal-services'
import { SmartSessionsStoreToken } from '../../../application/sessions/tokens'
import type { SmartSession } from '../../../domain/sessions/smart-sessions'
import { formatBalance } from '../../../domain/format/amount'
import { shortAddress } from '../../../domain/format/address'
import { Button, Notice, Spinner } from '../../components'
import { useService } from '../../di-context'
import { addEnglish, useI18n } from '../../i18n/i18n'
import { sessions as sessionsTexts } from '../../i18n/messages/sessions'
import { dateText, numberText } from '../../i18n/format'
import { failureText } from '../../i18n/rules'
import { featureFamily } from '../../../domain/feature-constants'

addEnglish(sessionsTexts)

/** The smart account's active session keys, each with its limit, its expiry and a Revoke button. */
export default function SmartSessionListView() {
  const store = useService(SmartSessionsStoreToken)
  const config = useService(ModalConfig)
  const i18n = useI18n()
  const { t } = i18n
  const state = useObservableState(store.state$, () => store.snapshot)
  useEffect(() => void store.load(), [store])

  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <div className="wg-view" data-testid="view-SmartSessionList">
        <Notice title={t('sessions.loading')} visual={<Spinner />} announce testId="sessions-loading" />
      </div>
    )
  }
  if (state.status === 'error') {
    return (
      <div className="wg-view" data-testid="view-SmartSessionList">
        <Notice
          tone="error"
          title={failureText(i18n, state.error)}
          announce
          testId="sessions-error"
          actions={
            <Button variant="secondary" onClick={() => void store.load()} data-testid="sessions-retry">
              {t('shell.tryAgain')}
            </Button>
          }
        />
      </div>
    )
  }
  const symbolOf = (chainId: number) => config.networks.find((n) => n.chainNamespace === featureFamily('smartSessions') && Number(n.id) === chainId)?.nativeCurrency
  const expiryText = (s: SmartSession) => dateText(i18n, new Date(s.expiry * 1000).toISOString(), { dateStyle: 'medium', timeStyle: 'short' })
  return (
    <div className="wg-view" data-testid="view-SmartSessionList">
      {state.revokeError !== undefined && (
        <p role="alert" className="wg-form-error" data-testid="sessions-revoke-error">
          {failureText(i18n, state.revokeError)}
        </p>
      )}
      {state.sessions.length === 0 ? (
        <Notice title={t('sessions.empty')} message={t('sessions.emptyHint')} testId="sessions-empty" />
      ) : (
        <ul className="wg-list" aria-label={t('sessions.list')} data-testid="sessions-list">
          {state.sessions.map((s) => {
            const currency = symbolOf(s.chainId)
            const decimals = currency?.decimals ?? 18
            return (
              <li key={s.pci} className="wg-list-item" data-testid="session-row" data-pci={s.pci}>
                <div className="wg-list-item-text">
                  <span className="wg-list-item-label" data-testid="session-key">
                    {t('sessions.key', { key: shortAddress(s.key) })}
                  </span>
                  <span className="wg-list-item-description" data-testid="session-limit">
                    {t('sessions.limit', {
                      limit: numberText(i18n, formatBalance(s.valueLimit, decimals)),
                      symbol: currency?.symbol ?? '',
                      spent: numberText(i18n, formatBalance(s.spent, decimals)),
                    })}
                  </span>
                  <span className="wg-list-item-description" data-testid="session-expiry">
                    {t('sessions.expires', { date: expiryText(s) })}
                  </span>
                </div>
                <Button
                  variant="danger"
                  loading={state.revoking === s.pci}
                  disabled={state.revoking !== undefined}
                  onClick={() => void store.revoke(s.pci)}
                  data-testid="session-revoke"
                >
                  {t('sessions.revoke')}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
