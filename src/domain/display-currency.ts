/**
 * The currencies the modal can show fiat values in (ISO 4217). The service prices tokens in US
 * dollars; any other is the dollar value times the service's rate (src/domain/format/fiat.ts).
 * Only the list, in the page's first script: the host's `displayCurrency` is checked against it
 * when the modal is created. The rules that use it come with the views (./format/fiat.ts).
 */
export const DISPLAY_CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'CHF', 'CAD', 'AUD', 'INR', 'BRL', 'KRW', 'CNY', 'TRY'] as const

export type DisplayCurrency = (typeof DISPLAY_CURRENCIES)[number]
