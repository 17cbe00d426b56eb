import { describe, expect, it } from 'vitest'
import { cleanRates, fiatDisplayOf, formatMoney, USD_DISPLAY } from '../../../../src/domain/format/fiat'

const eur = fiatDisplayOf('EUR', { EUR: 0.8 })
const jpy = fiatDisplayOf('JPY', { JPY: 150 })

describe('formatMoney', () => {
  it('writes euros as German writes money: 1.000,00 €', () => {
    expect(formatMoney(1250, eur, 'de-DE')).toBe('1.000,00\u00a0€')
    expect(formatMoney('12.5', eur, 'de')).toBe('10,00\u00a0€')
  })

  it('writes yen with no decimals, rounded', () => {
    expect(formatMoney(10.01, jpy, 'en-US')).toBe('¥1,502')
    expect(formatMoney(10.01, jpy, 'ja-JP')).toBe('￥1,502')
  })

  it('writes Arabic money in the digits every amount of the modal uses (Latin), in Arabic order', () => {
    const text = formatMoney(1234.5, USD_DISPLAY, 'ar')!
    expect(text).toMatch(/1,234\.50/)
    expect(text).not.toMatch(/[\u0660-\u0669]/)
    expect(text).toContain('US$')
  })

  it('rounds dollars half-up from their exact decimal text', () => {
    expect(formatMoney(1.005, USD_DISPLAY, 'en-US')).toBe('$1.01')
    expect(formatMoney('3750.505', USD_DISPLAY, 'en-US')).toBe('$3,750.51')
  })

  it('labels a fallback to dollars with the USD code, never the chosen currency', () => {
    const fallback = fiatDisplayOf('EUR', undefined)
    expect(fallback).toEqual({ currency: 'USD', rate: 1, fallback: true })
    const text = formatMoney(12, fallback, 'en-US')!
    expect(text).toMatch(/^USD\s12\.00$/)
    expect(text).not.toContain('€')
  })

  it('shows nothing for a value that is not a number', () => {
    expect(formatMoney('abc', eur, 'en')).toBeUndefined()
    expect(formatMoney(Number.NaN, eur, 'en')).toBeUndefined()
  })
})

describe('cleanRates', () => {
  it('keeps display currencies with a sane rate and drops everything else', () => {
    expect(cleanRates({ EUR: 0.9, GBP: -1, JPY: Number.NaN, CHF: 1e12, KRW: 0, XYZ: 2, eur: 0.9, CAD: '1.3', USD: 1, TRY: Infinity })).toEqual({ EUR: 0.9 })
    expect(cleanRates(null)).toEqual({})
    expect(cleanRates([0.9])).toEqual({})
  })
})
