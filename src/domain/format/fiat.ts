/**
 * Fiat values in the visitor's display currency: the service's dollar value times the rate of the
 * currency, written by Intl in the visitor's language with the currency's own decimals (JPY and
 * KRW none, most others 2) and Latin digits, as every amount of the modal is written.
 */
import { DISPLAY_CURRENCIES, type DisplayCurrency } from '../display-currency'

/** The currency the service's prices are in, and the one shown when no rate can be had. */
export const BASE_CURRENCY: DisplayCurrency = 'USD'

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value)
}

/** How many units of each display currency one US dollar buys (USD itself is always 1). */
export type FiatRates = Readonly<Partial<Record<DisplayCurrency, number>>>

/**
 * What a sane rate per dollar lies within: the weakest display currency (KRW) buys about 1,500 a
 * dollar, the strongest (GBP) about 0.8. A rate outside it is a broken or hostile answer, never shown.
 */
export const MIN_RATE_PER_USD = 0.0001
export const MAX_RATE_PER_USD = 100_000

/**
 * The rates of an answer that may be shown: display currencies only, each a finite number within
 * the sane range; anything else (negative, zero, NaN, huge, unknown or lower-case codes) is dropped.
 */
export function cleanRates(raw: unknown): FiatRates {
  const rates: Partial<Record<DisplayCurrency, number>> = {}
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return rates
  for (const [code, rate] of Object.entries(raw)) {
    if (!isDisplayCurrency(code) || code === BASE_CURRENCY) continue
    if (typeof rate !== 'number' || !Number.isFinite(rate) || rate < MIN_RATE_PER_USD || rate > MAX_RATE_PER_USD) continue
    rates[code] = rate
  }
  return rates
}

/** What fiat values are written in: a currency and its rate per dollar; `fallback` when the chosen one has no rate. */
export interface FiatDisplay {
  readonly currency: DisplayCurrency
  readonly rate: number
  /** The visitor chose another currency but its rate could not be had: dollars, labelled as such. */
  readonly fallback: boolean
}

export const USD_DISPLAY: FiatDisplay = { currency: BASE_CURRENCY, rate: 1, fallback: false }

/** The display for `chosen` with `rates`: the currency at its rate, else dollars marked as a fallback. */
export function fiatDisplayOf(chosen: DisplayCurrency, rates: FiatRates | undefined): FiatDisplay {
  if (chosen === BASE_CURRENCY) return USD_DISPLAY
  const rate = rates?.[chosen]
  return rate === undefined ? { ...USD_DISPLAY, fallback: true } : { currency: chosen, rate, fallback: false }
}

const FALLBACK_LOCALE = 'en-US'

function currencyFormat(locale: string, currency: string, code: boolean): Intl.NumberFormat {
  const options: Intl.NumberFormatOptions = { style: 'currency', currency, numberingSystem: 'latn', ...(code ? { currencyDisplay: 'code' } : {}) }
  try {
    return new Intl.NumberFormat(locale, options)
  } catch {
    return new Intl.NumberFormat(FALLBACK_LOCALE, options)
  }
}

/**
 * `usd` (a dollar value: a number or a plain decimal string) in `display`'s currency, as `locale`
 * writes money: "1.234,50 €" in de, "¥1,235" in ja (no decimals), "$3.75" in en. A fallback to
 * dollars is written with the code ("USD 3.75"), so it never reads as the chosen currency.
 * Undefined for a value that is not a finite number (nothing shown rather than "NaN").
 */
export function formatMoney(usd: number | string, display: FiatDisplay, locale: string): string | undefined {
  const dollars = typeof usd === 'number' ? usd : Number(usd)
  if (!Number.isFinite(dollars)) return undefined
  const format = currencyFormat(locale, display.currency, display.fallback)
  // Written from decimal text, so half-up is exact for dollars ("3750.505" is 3,750.51, where the
  // float 3750.505 would round down); a converted value is a product of floats anyway.
  const text = display.rate === 1 ? (typeof usd === 'string' ? usd.trim() : String(usd)) : String(dollars * display.rate)
  return format.format(text as Intl.StringNumericLiteral)
}
