import { cleanRates } from '../../../src/domain/format/fiat'
import type { FiatRatesAnswer, FiatRatesApi } from '../../../src/ports/blockchain/fiat-rates'
import type { RequestOptions } from '../../../src/ports/blockchain/request-options'
import { FakeService } from './fake-service'

/** The devnet's figures: one dollar buys 1 / (the currency's USD price) of it (devnet/src/config.ts). */
export const IN_MEMORY_RATES: Readonly<Record<string, number>> = { EUR: 0.8, GBP: 1 / 1.5, JPY: 125, CHF: 1 / 1.1, KRW: 1250 }

/**
 * An in-memory {@link FiatRatesApi}: answers the rates it is given (as a service would send them,
 * unchecked) through the same rule as the adapter; passes the same contract. `setRates` changes
 * what the next call answers.
 */
export class InMemoryFiatRatesApi extends FakeService<'getRates'> implements FiatRatesApi {
  constructor(
    private raw: Readonly<Record<string, unknown>> = IN_MEMORY_RATES,
    private readonly at = '2026-01-01T00:00:00.000Z',
  ) {
    super()
  }

  setRates(raw: Readonly<Record<string, unknown>>): void {
    this.raw = raw
  }

  getRates(options: RequestOptions = {}): Promise<FiatRatesAnswer> {
    return this.serve('getRates', options, () => ({ rates: cleanRates({ USD: 1, ...this.raw }), at: this.at }))
  }
}
