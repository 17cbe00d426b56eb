import type { RefObject } from 'react'
import { failureText } from '../../../application/failure-text'
import { Button, Notice, SearchInput } from '../../components'

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
  return (
    <SearchInput
      label="Search wallets"
      placeholder="Search wallet"
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
  return (
    <Notice
      tone="error"
      announce
      title="Could not load wallets"
      message={failureText(error)}
      actions={
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      }
      {...(testId === undefined ? {} : { testId })}
    />
  )
}

/** A search that found nothing. */
export function NoWalletFound({ query, testId }: { readonly query: string; readonly testId: string }) {
  return <Notice announce title="No wallet found" message={`Nothing matches “${query}”.`} testId={testId} />
}
