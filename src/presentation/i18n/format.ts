import { formatBalanceNumeric } from '../../domain/format/amount'
import { formatDecimalText } from '../../domain/format/locale-number'
import type { I18n } from './i18n'

/**
 * Numbers and dates in the visitor's locale (`i18n.locale`); money: ../views/use-money.ts. Not in
 * the shell: only lazily loaded views write amounts, and this module comes with their chunks.
 */
type Locale = Pick<I18n, 'locale'>

/** A plain decimal string ("1234.5") in the locale's writing ("1.234,5"). */
export function numberText({ locale }: Locale, plain: string): string {
  return formatDecimalText(plain, locale)
}

/** A balance (wire decimal string) with 3 decimals, truncated, in the locale's writing. */
export function balanceText({ locale }: Locale, numeric: string): string {
  return formatDecimalText(formatBalanceNumeric(numeric), locale)
}

/** A date (ISO text) as the locale writes it (English where Intl does not know the locale). */
export function dateText({ locale }: Locale, iso: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(locale, options).format(new Date(iso))
  } catch {
    return new Intl.DateTimeFormat('en', options).format(new Date(iso))
  }
}
