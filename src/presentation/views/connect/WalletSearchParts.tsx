import type { RefObject } from 'react'
import { serviceFailure } from '../../../application/failure-text'
import { Button, Notice, SearchInput } from '../../components'
import { useI18n } from '../../i18n/i18n'
import { errorText } from '../../i18n/rules'
import { addEnglish } from '../../i18n/i18n'
import { errors } from '../../i18n/messages/errors'

// A failed load is said in the errors' texts, rendered by key.
addEnglish(errors)

/** The wallet search box of AllWallets and the WalletConnect wallet list (debounced by the store). */
export function WalletSearch({
  query,
  onChange,
  list,
  testId,
  autoFocus,
}: {
  readonly query: string
  readonly onChange: (query: string) => void
  /** The list Arrow Down moves into. */
  readonly list: RefObject<HTMLElement | null>
  readonly testId: string
  readonly autoFocus?: boolean
}) {
  const { t } = useI18n()
  return (
    <SearchInput
      label={t('connect.searchWallets')}
      placeholder={t('connect.searchWallet')}
      value={query}
      onChange={onChange}
      testId={testId}
      autoFocus={autoFocus}
      onArrowDown={() => list.current?.querySelector<HTMLElement>('button:not([disabled]), a[href]')?.focus()}
    />
  )
}

/** The catalogue could not be reached: what went wrong in plain words (never HTTP text), and a retry. */
export function WalletsLoadFailed({ error, onRetry, testId }: { readonly error: Error; readonly onRetry: () => void; readonly testId?: string }) {
  const i18n = useI18n()
  return (
    <Notice
      tone="error"
      announce
      title={i18n.t('connect.couldNotLoadWallets')}
      message={errorText(i18n, error, serviceFailure(error))}
      actions={
        <Button variant="secondary" onClick={onRetry}>
          {i18n.t('shell.tryAgain')}
        </Button>
      }
      {...(testId === undefined ? {} : { testId })}
    />
  )
}

/** A search that found nothing. */
export function NoWalletFound({ query, testId }: { readonly query: string; readonly testId: string }) {
  const { t } = useI18n()
  return <Notice announce title={t('connect.noWalletFound')} message={t('connect.nothingMatches', { query })} testId={testId} />
}
