import type { ServiceIdentifier } from 'inversify'
import type { OnRampProviderName } from '../../domain/entities'
import type { OnRampOptions, Quote } from '../../domain/on-ramp/on-ramp-types'
import type { RequestOptions } from './request-options'

/** Buying crypto through the blockchain service (failures, options: `./request-options`). */
export interface OnRampApi {
  /** A checkout url of the on-ramp provider (POST /v1/generators/onrampurl?projectId=). */
  generateOnRampUrl(params: OnRampUrlParams, options?: RequestOptions): Promise<string>

  /**
   * Payment and purchase currencies (GET /v1/onramp/options). MUST NOT reject on a service failure:
   * it resolves the built-in defaults of spec section 9 instead (an abort still rejects).
   */
  getOnRampOptions(options?: RequestOptions): Promise<OnRampOptions>

  /**
   * A purchase quote (POST /v1/onramp/quote?projectId=). MUST NOT reject on a service failure: it
   * resolves the domain's `placeholderQuote` (id `placeholder-quote`) instead (an abort still rejects).
   */
  getOnRampQuote(params: OnRampQuoteParams, options?: RequestOptions): Promise<Quote>
}
export const OnRampApi = Symbol('OnRampApi') as ServiceIdentifier<OnRampApi>

export interface OnRampDestinationWallet {
  readonly address: string
  readonly blockchains: readonly string[]
  readonly assets?: readonly string[]
}

export interface OnRampUrlParams {
  readonly destinationWallets: readonly OnRampDestinationWallet[]
  readonly defaultNetwork?: string
  readonly partnerUserId: string
  readonly presetCryptoAmount?: number
  /** What the visitor pays in all, fees included (the quote's `paymentTotal`). */
  readonly presetFiatAmount?: number
  /**
   * The currency `presetFiatAmount` is in (`USD`, `EUR`): an extension of the spec's body, sent as
   * `fiatCurrency` as Coinbase's checkout takes it (docs/service-api.md); without it, USD.
   */
  readonly fiatCurrency?: string
  /**
   * The provider whose checkout to open (`coinbase`, `meld`): an extension of the spec's body, sent
   * as `provider` (docs/service-api.md); a service without it answers its default provider's url.
   */
  readonly provider?: OnRampProviderName
}

export interface OnRampQuoteParams {
  /** Purchase currency id, e.g. `USDC`. */
  readonly purchaseCurrency: string
  /** Payment currency id, e.g. `USD`. */
  readonly paymentCurrency: string
  /** Fiat amount as a decimal string. */
  readonly amount: string
  readonly network?: string
}
