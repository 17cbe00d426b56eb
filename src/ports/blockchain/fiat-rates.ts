import type { ServiceIdentifier } from 'inversify'
import type { FiatRates } from '../../domain/format/fiat'
import type { RequestOptions } from './request-options'

/** Display currencies' exchange rates from the blockchain service's price source (failures and options: `./request-options`). */
export interface FiatRatesApi {
  /**
   * MUST GET /v1/fiat/rates?base=USD and resolve how many units of each display currency one US
   * dollar buys, with the time the service read them. It MUST keep only rates that may be shown
   * (display currencies, finite, within the sane range of `cleanRates`): a negative, NaN, huge or
   * unknown entry is dropped, never resolved. An answer of another base, or not of the contract's
   * shape, MUST reject `MalformedResponseError`. Every call asks the service (the caller caches).
   */
  getRates(options?: RequestOptions): Promise<FiatRatesAnswer>
}
export const FiatRatesApi = Symbol('FiatRatesApi') as ServiceIdentifier<FiatRatesApi>

export interface FiatRatesAnswer {
  readonly rates: FiatRates
  /** When the service read them (ISO 8601, as it says). */
  readonly at: string
}
