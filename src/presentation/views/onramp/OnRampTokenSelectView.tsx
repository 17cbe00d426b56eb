import { tokenMatchesText } from '../../../domain/swap/token-query'
import { Notice, Skeleton } from '../../components'
import { SearchableList, useOnRampPicker } from './SearchableList'
import { addEnglish } from '../../i18n/i18n'
import { onramp } from '../../i18n/messages/onramp'
import { TokenRow } from '../swap/TokenRow'

addEnglish(onramp)

/**
 * OnRampTokenSelect: the tokens the on-ramp sells on the connected network, searchable by name,
 * symbol or contract address, the current one marked. Picking one goes back to OnRamp with the amount as typed.
 */
export default function OnRampTokenSelectView() {
  const { buy, state, query, setQuery, t, done } = useOnRampPicker()

  if (!state.ready) return <Skeleton label={t('shell.loading')} />
  if (state.network === undefined) {
    return (
      <div className="wg-view" data-testid="view-OnRampTokenSelect">
        <Notice title={t('onramp.unavailable')} message={t('onramp.noProviderText')} testId="onramp-token-unsupported" />
      </div>
    )
  }
  const shown = state.purchaseCurrencies.filter(({ currency, network }) => tokenMatchesText({ symbol: currency.symbol, name: currency.name, address: network.contract_address }, query))
  const pick = (id: string) => {
    buy.setPurchaseCurrency(id)
    done()
  }
  return (
    <SearchableList view="OnRampTokenSelect" part="token" searchLabel={t('onramp.searchTokens')} listLabel={t('onramp.tokens')} query={query} onQuery={setQuery} empty={shown.length === 0}>
          {shown.map(({ currency, network }) => {
            return (
              <TokenRow
                key={currency.id}
                symbol={currency.symbol}
                name={t('onramp.on', { symbol: currency.name, network: network.display_name })}
                currentTag={currency.id === state.purchaseCurrency ? t('onramp.selected') : undefined}
                onPick={() => pick(currency.id)}
                testId={`onramp-token-${currency.symbol}`}
              />
            )
          })}
    </SearchableList>
  )
}
