import { describe, expect, it } from 'vitest'
import { InvalidConfigError, parseConfig } from '../../../src/domain/config'
import { aModalConfig } from '../../builders/config'

describe("the host's displayCurrency", () => {
  it('takes a display currency, and nothing else', () => {
    expect(parseConfig(aModalConfig({ displayCurrency: 'EUR' })).displayCurrency).toBe('EUR')
    expect(parseConfig(aModalConfig()).displayCurrency).toBeUndefined()
    for (const bad of ['eur', 'XYZ', 'EURO', 12]) {
      expect(() => parseConfig(aModalConfig({ displayCurrency: bad as never })), String(bad)).toThrow(InvalidConfigError)
    }
  })
})
