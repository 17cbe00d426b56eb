import { DEVNET_CURRENCY_PRICES } from '../../../devnet/src/config'
import { FetchFiatRatesApi } from '../../../src/infrastructure/http/blockchain/fetch-fiat-rates-api'
import { fiatRatesContract } from './blockchain/fiat-rates.contract'
import { devnetHttpClient } from './devnet'

// The devnet's feeds carry each currency's USD price: a dollar buys its inverse.
fiatRatesContract('Fetch adapter over HTTP to the devnet', () =>
  Promise.resolve({
    api: new FetchFiatRatesApi(devnetHttpClient()),
    expected: { EUR: 1 / DEVNET_CURRENCY_PRICES.EUR!, JPY: 1 / DEVNET_CURRENCY_PRICES.JPY! },
  }),
)
