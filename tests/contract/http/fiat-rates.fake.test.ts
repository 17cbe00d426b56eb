import { IN_MEMORY_RATES, InMemoryFiatRatesApi } from '../../fakes/blockchain/in-memory-fiat-rates-api'
import { fiatRatesContract } from './blockchain/fiat-rates.contract'

fiatRatesContract('in-memory fake', () => Promise.resolve({ api: new InMemoryFiatRatesApi(), expected: { EUR: IN_MEMORY_RATES.EUR!, JPY: IN_MEMORY_RATES.JPY! } }))
