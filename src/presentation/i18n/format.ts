import { formatBalanceNumeric, formatFiat } from '../../domain/format/amount'
import { formatDecimalText } from '../../domain/format/locale-number'

/**
 * Numbers, money and dates in the visitor's locale, for the views' `useI18n()`. Not in the shell:
 * only lazily loaded views write amounts, and each of those modules hands it over
 * (`addNumberFormat(numberFormat)`, ./english.ts) so it comes with their chunk.
 */
export const numberFormat = {
  number: (plain: string, locale: string): string => formatDecimalText(plain, locale),
  balance: (numeric: string, locale: string): string => formatDecimalText(formatBalanceNumeric(numeric), locale),
  fiat: (value: number | string, locale: string): string => moneyText(formatFiat(value, locale), locale),
  money: (amount: string, locale: string): string => moneyText(amount, locale),
  date: (iso: string, options: Intl.DateTimeFormatOptions, locale: string): string => {
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
