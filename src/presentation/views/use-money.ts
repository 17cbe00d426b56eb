import { DisplayCurrencyStore } from '../../application/display-currency/display-currency-store'
import { formatMoney, type FiatDisplay } from '../../domain/format/fiat'
import { useStore } from '../components'
import { useService } from '../di-context'
import { useI18n } from '../i18n/i18n'

/**
 * Every fiat value of the modal goes through here: a dollar value (the service's) written in the
 * visitor's display currency, in their language. While the rate loads, or when it cannot be had,
 * the value stays in dollars, written with the USD code (never a euro sign on a dollar number).
 */
export function useMoney(): { readonly money: (usd: number | string) => string; readonly display: FiatDisplay } {
  const state = useStore(useService(DisplayCurrencyStore))
  const { locale } = useI18n()
  const display = state.display
  // A value that is not a number (never from the contract) shows as a dash, not as "NaN".
  return { money: (usd) => formatMoney(usd, display, locale) ?? '–', display }
}
