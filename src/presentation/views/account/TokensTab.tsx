import { BalanceStore } from '../../../application/account/balance-store'
import { isNativeToken } from '../../../domain/balances/token-balances'
import { List, ListItem, ListRow, Notice, SafeImage, Spinner, useStore } from '../../components'
import { useService } from '../../di-context'
import { balanceText, fiatText } from './format'

/** Every token balance: native first, then by fiat value (the store orders and filters). */
export default function TokensTab() {
  const balances = useStore(useService(BalanceStore))
  if (balances.status === 'idle' || balances.status === 'loading') return <Spinner label="Loading balances" />
  if (balances.status === 'unavailable') {
    return <Notice title="Token Balance Unavailable" message="Balances cannot be read on this network right now." testId="tokens-unavailable" />
  }
  if (balances.tokens.length === 0) {
    return <Notice title="No tokens yet" message="Tokens this account holds on this network appear here." testId="tokens-empty" />
  }
  return (
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
  )
}
