import { BalanceStore } from '../../../application/account/balance-store'
import type { TokenBalance } from '../../../domain/entities'
import { tokenMatchesText } from '../../../domain/swap/token-query'
import { Notice, Skeleton, useStore } from '../../components'
import { SearchableList, useOnRampPicker } from './SearchableList'
import { useService } from '../../di-context'
import { addEnglish } from '../../i18n/i18n'
import { onramp } from '../../i18n/messages/onramp'
import { balanceText, fiatText } from '../../i18n/format'
import { TokenRow } from '../swap/TokenRow'

addEnglish(onramp)

/**
 * OnRampTokenSelect: the tokens the on-ramp sells on the connected network, searchable by name,
 * symbol or contract address, with what the account holds of each where its balances say; the
 * current one marked. Picking one goes back to OnRamp with the amount as typed.
 */
export default function OnRampTokenSelectView() {
  const { buy, state, query, setQuery, i18n, t, done } = useOnRampPicker()
  const balances = useStore(useService(BalanceStore))

  if (!state.ready) return <Skeleton label={t('shell.loading')} />
  if (state.network === undefined) {
    return (
      <div className="wg-view" data-testid="view-OnRampTokenSelect">
        <Notice title={t('onramp.unavailable')} message={t('onramp.noProviderText')} testId="onramp-token-unsupported" />
      </div>
    )
  }
  const held = balances.status === 'ready' ? balances.tokens : []
  const shown = state.purchaseCurrencies.filter(({ currency, network }) => tokenMatchesText({ symbol: currency.symbol, name: currency.name, address: network.contract_address }, query))
  const pick = (id: string) => {
    buy.setPurchaseCurrency(id)
    done()
  }
  return (
    <SearchableList view="OnRampTokenSelect" part="token" searchLabel={t('onramp.searchTokens')} listLabel={t('onramp.tokens')} query={query} onQuery={setQuery} empty={shown.length === 0}>
          {shown.map(({ currency, network }) => {
            const holding = holdingOf(held, currency.symbol, network.contract_address)
            return (
              <TokenRow
                key={currency.id}
                symbol={currency.symbol}
                name={t('onramp.on', { symbol: currency.name, network: network.display_name })}
                holding={holding === undefined ? undefined : balanceText(i18n, holding.quantity.numeric)}
                value={holding !== undefined && holding.price > 0 ? fiatText(i18n, holding.value) : undefined}
                currentTag={currency.id === state.purchaseCurrency ? t('onramp.selected') : undefined}
                onPick={() => pick(currency.id)}
                testId={`onramp-token-${currency.symbol}`}
              />
            )
          })}
    </SearchableList>
  )
}

/** The account's balance of a token sold on the network: by its contract, the native coin (no contract) by having none. */
function holdingOf(balances: readonly TokenBalance[], symbol: string, contract: string): TokenBalance | undefined {
  const own = (address: string) => address.slice(address.lastIndexOf(':') + 1).toLowerCase()
  return balances.find((b) => (contract === '' ? b.address === undefined && b.symbol === symbol : b.address !== undefined && own(b.address) === own(contract)))
}
