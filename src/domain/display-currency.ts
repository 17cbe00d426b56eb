/**
 * The currencies the modal can show fiat values in (ISO 4217). The service prices tokens in US
 * dollars; any other is the dollar value times the service's rate (src/domain/format/fiat.ts).
 * Small and eager: the host's `displayCurrency` is checked against it when the modal is created.
 */
export const DISPLAY_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'INR', 'BRL', 'KRW', 'CNY', 'TRY'] as const

export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number]

/** The currency the service's prices are in, and the one shown when no rate can be had. */
export const BASE_CURRENCY: DisplayCurrency = 'USD'

export function isDisplayCurrency(value: unknown): value is DisplayCurrency {
  return typeof value === 'string' && (DISPLAY_CURRENCIES as readonly string[]).includes(value)
}
