import { formatBalanceNumeric, formatFiat } from '../../domain/format/amount'
import { formatDecimalText } from '../../domain/format/locale-number'
import type { I18n } from './i18n'

/**
 * Numbers, money and dates in the visitor's locale (`i18n.locale`). Not in the shell: only lazily
 * loaded views write amounts, and this module comes with their chunks.
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

/** A dollar value with 2 decimals, half-up, as the locale writes money ("3.750,50 $"). */
export function fiatText({ locale }: Locale, value: number | string): string {
  return withDollar(formatFiat(value, locale), locale)
}

/** A fiat amount already in the locale's writing ("3.750,50") with the dollar sign where the locale puts it. */
export function moneyText({ locale }: Locale, amount: string): string {
  return withDollar(amount, locale)
}

/** A date (ISO text) as the locale writes it (English where Intl does not know the locale). */
export function dateText({ locale }: Locale, iso: string, options: Intl.DateTimeFormatOptions): string {
  try {
    return new Intl.DateTimeFormat(locale, options).format(new Date(iso))
  } catch {
    return new Intl.DateTimeFormat('en', options).format(new Date(iso))
  }
}

/** `amount` (already in the locale's writing) with the dollar sign where the locale puts it. */
function withDollar(amount: string, locale: string): string {
  let parts: Intl.NumberFormatPart[]
  try {
    parts = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', numberingSystem: 'latn' }).formatToParts(1)
  } catch {
    return `$${amount}`
  }
  let placed = false
  let text = ''
  for (const part of parts) {
    if (part.type === 'integer' || part.type === 'group' || part.type === 'decimal' || part.type === 'fraction') {
      if (!placed) text += amount
      placed = true
    } else {
      text += part.value
    }
  }
  return text
}
