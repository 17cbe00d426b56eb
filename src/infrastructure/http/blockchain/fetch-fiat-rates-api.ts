import { cleanRates } from '../../../domain/format/fiat'
import type { FiatRatesAnswer, FiatRatesApi } from '../../../ports/blockchain/fiat-rates'
import type { RequestOptions } from '../../../ports/blockchain/request-options'
import { MalformedResponseError } from '../../../ports/http-errors'
import { fiatRatesSchema } from '../../../wire/chain-data'
import type { FetchHttpClient } from '../fetch-http-client'

const PATH = '/v1/fiat/rates'

/** {@link FiatRatesApi} over the blockchain service's HTTP API (docs/service-api.md). */
export class FetchFiatRatesApi implements FiatRatesApi {
  constructor(private readonly http: FetchHttpClient) {}

  async getRates(options: RequestOptions = {}): Promise<FiatRatesAnswer> {
    const answer = await this.http.get(PATH, fiatRatesSchema, { query: { base: 'USD' }, ...(options.signal === undefined ? {} : { signal: options.signal }) })
    // Rates against another base would all be wrong by its rate: none of them is shown.
    if (answer.base !== 'USD') throw new MalformedResponseError(PATH, new Error(`rates against ${answer.base}, not USD`))
    return { rates: cleanRates(answer.rates), at: answer.at }
  }
}
