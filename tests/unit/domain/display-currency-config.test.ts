import { describe, expect, it } from 'vitest'
import { DisplayCurrencyStore } from '../../../src/application/display-currency/display-currency-store'
import { InvalidConfigError, parseConfig } from '../../../src/domain/config'
import { aModalConfig } from '../../builders/config'
import { InMemoryFiatRatesApi } from '../../fakes/blockchain/in-memory-fiat-rates-api'
import { InMemoryKeyValueStorage } from '../../fakes/in-memory-key-value-storage'
import { ManualClock } from '../../fakes/manual-clock'
import { RecordingLogger } from '../../fakes/recording-logger'

/** The store the account's views read, over the host's resolved config. */
function storeFor(displayCurrency: string) {
  const logger = new RecordingLogger()
  const config = parseConfig(aModalConfig({ displayCurrency: displayCurrency as never }))
  const store = new DisplayCurrencyStore({ api: new InMemoryFiatRatesApi(), storage: new InMemoryKeyValueStorage(), clock: new ManualClock(), logger, hostDefault: config.displayCurrency })
  return { store, logger }
}

describe("the host's displayCurrency", () => {
  it('is a text when the modal is created (a number or an object throws)', () => {
    expect(parseConfig(aModalConfig({ displayCurrency: 'EUR' })).displayCurrency).toBe('EUR')
    expect(parseConfig(aModalConfig()).displayCurrency).toBeUndefined()
    for (const bad of [12, { code: 'EUR' }]) expect(() => parseConfig(aModalConfig({ displayCurrency: bad as never }))).toThrow(InvalidConfigError)
  })

  it('is shown when it is a display currency; any other code is warned about and dollars are shown', () => {
    expect(storeFor('GBP').store.snapshot).toMatchObject({ currency: 'GBP', chosenBy: 'host' })
    for (const bad of ['eur', 'XYZ', 'EURO']) {
      const { store, logger } = storeFor(bad)
      expect(store.snapshot, bad).toMatchObject({ currency: 'USD', chosenBy: 'default' })
      expect(logger.warnings, bad).toHaveLength(1)
    }
  })
})
