import { formatBalanceNumeric, formatFiat } from '../../domain/format/amount'
import { formatDecimalText } from '../../domain/format/locale-number'

/**
 * Numbers, money and dates in the visitor's locale, for the views' `useI18n()`. Not in the shell:
 * only lazily loaded views write amounts, and each of those modules hands it over
 * (`addNumberFormat(numberFormat)`, ./english.ts) so it comes with their chunk.
 */
export const numberFormat = {
  // The locale first, the same way for each: the views' `useI18n()` hands every call along alike.
  number: (locale: string, plain: string): string => formatDecimalText(plain, locale),
  balance: (locale: string, numeric: string): string => formatDecimalText(formatBalanceNumeric(numeric), locale),
  fiat: (locale: string, value: number | string): string => moneyText(formatFiat(value, locale), locale),
  money: (locale: string, amount: string): string => moneyText(amount, locale),
  date: (locale: string, iso: string, options: Intl.DateTimeFormatOptions): string => {
    try {
      return new Intl.DateTimeFormat(locale, options).format(new Date(iso))
    } catch {
      return new Intl.DateTimeFormat('en', options).format(new Date(iso))
    }
  },
}

export type NumberFormat = typeof numberFormat

/** `amount` (already in the locale's writing) with the dollar sign where the locale puts it. */
function moneyText(amount: string, locale: string): string {
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
