import { tokenMatchesText } from '../../../domain/swap/token-query'
import { ListItem, ListRow, Skeleton } from '../../components'
import { SearchableList, useOnRampPicker } from './SearchableList'
import { addEnglish } from '../../i18n/i18n'
import { onramp } from '../../i18n/messages/onramp'

addEnglish(onramp)

/** A currency's name in the visitor's language ("Euro" for EUR), or its code when the browser has none. */
function currencyName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'currency' }).of(code) ?? code
  } catch {
    return code
  }
}

/**
 * OnRampFiatSelect: the currencies the providers take, each row its code and its name in words (no
 * symbol, no flag: a screen reader reads "EUR, Euro"), searchable by either, the current one
 * marked. Picking one goes back to OnRamp with the amount as typed.
 */
export default function OnRampFiatSelectView() {
  const { buy, state, query, setQuery, i18n, t, done } = useOnRampPicker()

  if (!state.ready) return <Skeleton label={t('shell.loading')} />
  const rows = state.paymentCurrencies.map((code) => ({ code, name: currencyName(code, i18n.locale) }))
  const shown = rows.filter((row) => tokenMatchesText({ symbol: row.code, name: row.name }, query))
  return (
    <SearchableList view="OnRampFiatSelect" part="fiat" searchLabel={t('onramp.searchCurrencies')} listLabel={t('onramp.currencies')} query={query} onQuery={setQuery} empty={shown.length === 0}>
          {shown.map(({ code, name }) => (
            <ListRow key={code}>
              <ListItem
                label={code}
                labelIsData
                description={name}
                descriptionIsData
                tag={code === state.paymentCurrency ? t('onramp.selected') : undefined}
                onClick={() => {
                  buy.setPaymentCurrency(code)
                  done()
                }}
                testId={`onramp-fiat-${code}`}
              />
            </ListRow>
          ))}
    </SearchableList>
  )
}
