import type { OnRampOptions, Quote } from '../../../src/domain/on-ramp/on-ramp-types'
import { defaultOnRampOptions, placeholderQuote } from '../../../src/domain/on-ramp/on-ramp-fallbacks'
import { quoteOnRampPurchase, type OnRampFeeSchedule } from '../../../src/domain/on-ramp/on-ramp-fees'
import type { OnRampApi, OnRampQuoteParams, OnRampUrlParams } from '../../../src/ports/blockchain/on-ramp'
import type { RequestOptions } from '../../../src/ports/blockchain/request-options'
import { FakeService, type InMemoryBlockchainSeed } from './fake-service'

/** The fake's providers take what the devnet's do: 1.5 % of the total and 0.50 for the network. */
const ONRAMP_FAKE_FEES: OnRampFeeSchedule = { providerFeeBps: 150, networkFeeCents: 50 }

/**
 * An in-memory {@link OnRampApi} with the port's fallbacks: a failed options or quote call still
 * answers the defaults or the placeholder quote. Passes the same contract suite as `FetchOnRampApi`.
 */
export class InMemoryOnRampApi extends FakeService<keyof OnRampApi> implements OnRampApi {
  constructor(private readonly seed: InMemoryBlockchainSeed = {}) {
    super()
  }

  generateOnRampUrl(params: OnRampUrlParams, options: RequestOptions = {}): Promise<string> {
    return this.serve('generateOnRampUrl', options, () => {
      const url = new URL(this.seed.checkoutBaseUrl ?? 'http://127.0.0.1/onramp/checkout')
      url.searchParams.set('partnerUserId', params.partnerUserId)
      url.searchParams.set('wallet', params.destinationWallets[0]?.address ?? '')
      if (params.provider !== undefined) url.pathname = `${url.pathname}/${params.provider}`
      return url.toString()
    })
  }

  async getOnRampOptions(options: RequestOptions = {}): Promise<OnRampOptions> {
    try {
      return await this.serve('getOnRampOptions', options, () =>
        this.seed.onRampOptions ? structuredClone(this.seed.onRampOptions) : defaultOnRampOptions(),
      )
    } catch (error) {
      if (options.signal?.aborted) throw error
      return defaultOnRampOptions()
    }
  }

  async getOnRampQuote(params: OnRampQuoteParams, options: RequestOptions = {}): Promise<Quote> {
    try {
      return await this.serve('getOnRampQuote', options, () => {
        // The one fee model (the amount is the total paid), at 1 of the payment currency a unit.
        const quote = quoteOnRampPurchase(
          { total: params.amount, paymentCurrency: params.paymentCurrency, purchaseCurrency: params.purchaseCurrency, price: 1, decimals: 6 },
          ONRAMP_FAKE_FEES,
          `quote-${this.calls.length}`,
        )
        // The service refuses such an amount (400); the adapter then answers the placeholder.
        if (quote === undefined) throw new Error('Amount too small')
        return quote
      })
    } catch (error) {
      if (options.signal?.aborted) throw error
      return placeholderQuote(params)
    }
  }
}
