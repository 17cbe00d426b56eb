import type { ChooseAccountNameState } from '../../../application/names/choose-account-name'
import { Button, Notice, Spinner } from '../../components'
import { useI18n } from '../../i18n/i18n'
import { failureText } from '../../i18n/rules'

/**
 * The account's names: loading, failed (with a retry), none, or each with the primary one marked.
 * With `onChoose`, each name is a button that makes it the primary one (aria-pressed tells which is).
 */
export function NamesList({ state, onRetry, onChoose }: { state: ChooseAccountNameState; onRetry: () => void; onChoose?: (name: string) => void }) {
  const i18n = useI18n()
  const { t } = i18n
  if (state.status === 'idle' || state.status === 'loading') {
    return (
      <p className="wg-muted" role="status" data-testid="names-loading">
        <Spinner size="sm" /> {t('profile.loadingNames')}
      </p>
    )
  }
  if (state.status === 'error') {
    return (
      <Notice
        tone="error"
        announce
        testId="names-error"
        title={failureText(i18n, state.error)}
        actions={
          <Button variant="secondary" onClick={onRetry} data-testid="names-retry">
            {t('shell.tryAgain')}
          </Button>
        }
      />
    )
  }
  if (state.names.length === 0) {
    return <Notice testId="names-empty" title={t('profile.noNames')} message={t('profile.noNamesText')} />
  }
  return (
    <ul className="wg-profile-rows" data-testid="names-list">
      {state.names.map((name) => {
        const primary = name === state.displayed
        const text = (
          <>
            <bdi className="wg-profile-row-text" data-i18n-data="">
              {name}
            </bdi>
            {primary && <span className="wg-tag">{t('profile.primary')}</span>}
          </>
        )
        return (
          <li key={name} data-testid={`name-${name}`}>
            {onChoose === undefined ? (
              <div className="wg-profile-row">{text}</div>
            ) : (
              <button type="button" className="wg-list-item" aria-pressed={primary} onClick={() => onChoose(name)} data-testid={`choose-name-${name}`}>
                {text}
              </button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
