/** What the on-ramp service answers (spec section 3): currencies, limits, quotes, providers. */
import type { ChainNamespace, OnRampProviderName } from '../entities'

export interface PurchaseCurrencyNetwork {
  name: string
  display_name: string
  chain_id: string
  contract_address: string
}

export interface PurchaseCurrency {
  id: string
  name: string
  symbol: string
  networks: PurchaseCurrencyNetwork[]
}

export interface PaymentMethodLimit {
  id: string
  min: string
  max: string
}

export interface PaymentCurrency {
  id: string
  payment_method_limits: PaymentMethodLimit[]
}

export interface OnRampOptions {
  paymentCurrencies: PaymentCurrency[]
  purchaseCurrencies: PurchaseCurrency[]
}

export interface Money {
  amount: string
  currency: string
}

/** Quote, section 3. */
export interface Quote {
  coinbaseFee: Money
  networkFee: Money
  paymentSubtotal: Money
  paymentTotal: Money
  purchaseAmount: Money
  quoteId: string
}

/** On-ramp provider, section 3. */
export interface OnRampProvider {
  label: string
  name: OnRampProviderName
  feeRange: string
  url: string
  supportedChains: ChainNamespace[]
}
