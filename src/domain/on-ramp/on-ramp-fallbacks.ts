/**
 * On-ramp fallbacks (spec section 8): when the options call fails the built-in defaults are
 * used; when the quote call fails a placeholder quote stands in. Providers are offered per
 * namespace (section 9).
 */
import { DEFAULT_ONRAMP_PAYMENT_CURRENCIES, DEFAULT_ONRAMP_PURCHASE_CURRENCIES, ONRAMP_PROVIDERS } from '../feature-constants'
import type { ChainNamespace, OnRampProviderName } from '../entities'
import type { OnRampOptions, OnRampProvider, Quote } from './on-ramp-types'

export const PLACEHOLDER_QUOTE_ID = 'placeholder-quote'

export function defaultOnRampOptions(): OnRampOptions {
  return {
    paymentCurrencies: DEFAULT_ONRAMP_PAYMENT_CURRENCIES.map((c) => ({
      ...c,
      payment_method_limits: c.payment_method_limits.map((l) => ({ ...l })),
    })),
    purchaseCurrencies: DEFAULT_ONRAMP_PURCHASE_CURRENCIES.map((c) => ({
      ...c,
      networks: c.networks.map((n) => ({ ...n })),
    })),
  }
}

/** A stand-in quote: zero fees, the entered amount as subtotal, total and purchase amount. */
export function placeholderQuote(input: {
  amount: string
  paymentCurrency: string
  purchaseCurrency: string
}): Quote {
  return {
    coinbaseFee: { amount: '0', currency: input.paymentCurrency },
    networkFee: { amount: '0', currency: input.paymentCurrency },
    paymentSubtotal: { amount: input.amount, currency: input.paymentCurrency },
    paymentTotal: { amount: input.amount, currency: input.paymentCurrency },
    purchaseAmount: { amount: input.amount, currency: input.purchaseCurrency },
    quoteId: PLACEHOLDER_QUOTE_ID,
  }
}

/** Providers the remote features enable that support `namespace`. */
export function onRampProvidersFor(
  namespace: ChainNamespace | undefined,
  enabled: readonly OnRampProviderName[] | false,
): OnRampProvider[] {
  if (!namespace || enabled === false) return []
  return ONRAMP_PROVIDERS.filter((p) => enabled.includes(p.name) && p.supportedChains.includes(namespace))
}
