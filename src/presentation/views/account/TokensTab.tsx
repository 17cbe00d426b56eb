import { BalanceStore, type BalanceState } from '../../../application/account/balance-store'
import { isNativeToken } from '../../../domain/balances/token-balances'
import { Button, List, ListItem, ListRow, Notice, SafeImage, Skeleton, useStore } from '../../components'
import { useService } from '../../di-context'
import { balanceText, fiatText } from './format'

/**
 * Every token balance: native first, then by fiat value (the store orders and filters). After a
 * failed read the tab offers "Try again" (the store also reads again on its own after the retry
 * gap); balances kept past their cache life carry a quiet "may be out of date" note.
 */
export default function TokensTab() {
  const store = useService(BalanceStore)
  const balances = useStore(store)
  const retry = (
    <Button variant="secondary" onClick={() => void store.retry()} data-testid="tokens-retry">
      Try again
    </Button>
  )
  if (balances.status === 'idle' || balances.status === 'loading') return <Skeleton label="Loading balances" testId="tokens-loading" />
  if (balances.status === 'unavailable') {
    return (
      <Notice
        title="Token Balance Unavailable"
        message="Balances cannot be read on this network right now."
        actions={retry}
        testId="tokens-unavailable"
      />
    )
  }
  const note = balances.failed && <BalanceNote state={balances} onRetry={() => void store.retry()} />
  if (balances.tokens.length === 0) {
    return (
      <>
        {note}
        <Notice title="No tokens yet" message="Tokens this account holds on this network appear here." testId="tokens-empty" />
      </>
    )
  }
  return (
    <>
      {note}
      <List label="Tokens" testId="token-list">
        {balances.tokens.map((token) => (
          <ListRow key={token.address ?? 'native'}>
            <ListItem
              label={token.name}
              description={balanceText(token)}
              leading={<SafeImage src={token.iconUrl} fallbackText={token.symbol} />}
              trailing={
                balances.source === 'service' ? (
                  <span className="wg-token-fiat">{fiatText(token.value)}</span>
                ) : undefined
              }
              testId={`token-${isNativeToken(token) ? 'native' : token.symbol}`}
            />
          </ListRow>
        ))}
      </List>
    </>
  )
}

/** The quiet line over a list the last read could not update. */
function BalanceNote({ state, onRetry }: { readonly state: Extract<BalanceState, { status: 'ready' }>; readonly onRetry: () => void }) {
  return (
    <p className="wg-balance-note" role="status" data-testid={state.stale ? 'tokens-stale' : 'tokens-failed'}>
      <span>{state.stale ? 'Balances may be out of date.' : 'Balances could not be updated.'}</span>
      <Button variant="ghost" onClick={onRetry} data-testid="tokens-retry">
        Try again
      </Button>
    </p>
  )
}
