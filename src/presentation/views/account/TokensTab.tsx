import { BalanceStore, type BalanceState } from '../../../application/account/balance-store'
import { hasKnownPrice, isNativeToken } from '../../../domain/balances/token-balances'
import type { TokenBalance } from '../../../domain/entities'
import { Button, List, ListItem, ListRow, Notice, SafeImage, Skeleton, useStore } from '../../components'
import { useService } from '../../di-context'
import { balanceText } from './format'
import { useI18n } from '../../i18n/i18n'
import { useMoney } from '../use-money'

/**
 * Every token balance: native first, then by fiat value (the store orders and filters). After a
 * failed read the tab offers "Try again" (the store also reads again on its own after the retry
 * gap); balances kept past their cache life carry a quiet "may be out of date" note.
 */
export default function TokensTab() {
  const store = useService(BalanceStore)
  const balances = useStore(store)
  const i18n = useI18n()
  const { t } = i18n
  const { money } = useMoney()
  const retry = (
    <Button variant="secondary" onClick={() => void store.retry()} data-testid="tokens-retry">
      {t('shell.tryAgain')}
    </Button>
  )
  if (balances.status === 'idle' || balances.status === 'loading') return <Skeleton label={t('account.loadingBalances')} testId="tokens-loading" />
  if (balances.status === 'unavailable') {
    return (
      <Notice
        title={t('account.balanceUnavailableTitle')}
        message={t('account.balanceUnavailableText')}
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
        <Notice title={t('account.noTokens')} message={t('account.noTokensText')} testId="tokens-empty" />
      </>
    )
  }
  return (
    <>
      {note}
      <List label={t('account.tokens')} testId="token-list">
        {balances.tokens.map((token) => (
          <ListRow key={tokenKey(token)}>
            <ListItem
              label={token.name}
              labelIsData
              description={balanceText(token, i18n)}
              descriptionIsData
              leading={<SafeImage src={token.iconUrl} fallbackText={token.symbol} />}
              trailing={
                // A token without a price shows no fiat value (0 would read as a made-up $0.00).
                balances.source === 'service' && hasKnownPrice(token) ? (
                  <bdi className="wg-token-fiat" data-i18n-data="">
                    {money(token.value)}
                  </bdi>
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

/**
 * A row's identity: its chain and contract (the native coin has none). The service may answer for
 * several chains at once, whose native coins would otherwise share one key.
 */
function tokenKey(token: TokenBalance): string {
  return `${token.chainId}|${isNativeToken(token) ? 'native' : (token.address ?? `${token.symbol}|${token.name}`)}`
}

/** The quiet line over a list the last read could not update. */
function BalanceNote({ state, onRetry }: { readonly state: Extract<BalanceState, { status: 'ready' }>; readonly onRetry: () => void }) {
  const { t } = useI18n()
  return (
    <p className="wg-balance-note" role="status" data-testid={state.stale ? 'tokens-stale' : 'tokens-failed'}>
      <span>{state.stale ? t('account.balancesStale') : t('account.balancesNotUpdated')}</span>
      <Button variant="ghost" onClick={onRetry} data-testid="tokens-retry">
        {t('shell.tryAgain')}
      </Button>
    </p>
  )
}
