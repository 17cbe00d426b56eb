import type { OnRampOptions, Quote } from '../../../domain/on-ramp/on-ramp-types'
import { defaultOnRampOptions, placeholderQuote } from '../../../domain/on-ramp/on-ramp-fallbacks'
import type { OnRampApi, OnRampQuoteParams, OnRampUrlParams } from '../../../ports/blockchain/on-ramp'
import type { RequestOptions } from '../../../ports/blockchain/request-options'
import { isAbortError } from '../../../ports/http-errors'
import type { Logger } from '../../../ports/logger'
import type { FetchHttpClient } from '../fetch-http-client'
import { onRampOptionsSchema, onRampUrlSchema, quoteSchema } from '../../../wire/chain-data'
import type { onRampQuoteBodySchema, onRampUrlBodySchema, WireInput } from '../../../wire/requests'

export interface FetchOnRampApiOptions {
  /** Told about fallbacks (on-ramp options and quote) as warnings. */
  readonly logger?: Pick<Logger, 'warn'>
}

/** {@link OnRampApi} over the blockchain service's HTTP API (docs/service-api.md). */
export class FetchOnRampApi implements OnRampApi {
  private readonly logger: Pick<Logger, 'warn'> | undefined

  constructor(
    private readonly http: FetchHttpClient,
    options: FetchOnRampApiOptions = {},
  ) {
    this.logger = options.logger
  }

  async generateOnRampUrl(params: OnRampUrlParams, options: RequestOptions = {}): Promise<string> {
    const answer = await this.http.post('/v1/generators/onrampurl', onRampUrlSchema, {
      query: { projectId: this.http.projectId },
      body: {
        destinationWallets: params.destinationWallets,
        defaultNetwork: params.defaultNetwork,
        partnerUserId: params.partnerUserId,
        defaultExperience: 'buy',
        presetCryptoAmount: params.presetCryptoAmount,
        presetFiatAmount: params.presetFiatAmount,
        fiatCurrency: params.fiatCurrency,
        provider: params.provider,
      } satisfies WireInput<typeof onRampUrlBodySchema>,
      signal: options.signal,
    })
    return answer.url
  }

  async getOnRampOptions(options: RequestOptions = {}): Promise<OnRampOptions> {
    try {
      return await this.http.get('/v1/onramp/options', onRampOptionsSchema, options)
    } catch (error) {
      if (isAbortError(error)) throw error
      this.logger?.warn('On-ramp options unavailable; using the built-in defaults', error)
      return defaultOnRampOptions()
    }
  }

  async getOnRampQuote(params: OnRampQuoteParams, options: RequestOptions = {}): Promise<Quote> {
    try {
      return await this.http.post('/v1/onramp/quote', quoteSchema, {
        query: { projectId: this.http.projectId },
        body: {
          purchaseCurrency: params.purchaseCurrency,
          paymentCurrency: params.paymentCurrency,
          amount: params.amount,
          network: params.network,
        } satisfies WireInput<typeof onRampQuoteBodySchema>,
        signal: options.signal,
      })
    } catch (error) {
      if (isAbortError(error)) throw error
      this.logger?.warn('On-ramp quote unavailable; showing the placeholder quote', error)
      return placeholderQuote(params)
    }
  }
}
