import { describe, expect, it } from 'vitest'
import {
  fiatValue,
  formatBalance,
  formatBalanceNumeric,
  formatFiat,
  formatUnitsExact,
  normalizeAmountInput,
  formatAmountExact,
  parseAmountInput,
  parseUnitsExact,
} from '../../../../src/domain/format/amount'
import { parseDecimalString } from '../../../../src/domain/format/decimal'

const E18 = 10n ** 18n

describe('balances: 3 decimals, truncated', () => {
  it.each([
    [1_999_999_999_999_999_999n, 18, '1.999'],
    [1n * E18, 18, '1.000'],
    [1_234_567n, 6, '1.234'],
    [999n, 18, '0.000'],
    [5n, 0, '5.000'],
    [15n, 1, '1.500'],
    [-1_999_900n, 6, '-1.999'],
  ])('%s with %i decimals shows %s', (value, decimals, shown) => {
    expect(formatBalance(value, decimals)).toBe(shown)
  })

  it('never rounds up past what the user holds', () => {
    expect(formatBalance(999_999_999_999_999_999n, 18)).toBe('0.999')
  })

  it('formats wire decimal strings the same way', () => {
    expect(formatBalanceNumeric('1.99999')).toBe('1.999')
    expect(formatBalanceNumeric('42')).toBe('42.000')
  })
})

describe('fiat: 2 decimals, half-up', () => {
  it.each([
    [1.005, '1.01'],
    [1.004, '1.00'],
    [0.125, '0.13'],
    [2, '2.00'],
    [1234.5, '1234.50'],
    [1e-7, '0.00'],
    ['0.995', '1.00'],
  ])('%s shows %s', (value, shown) => {
    expect(formatFiat(value)).toBe(shown)
  })

  it('computes a holding value from bigint units without float loss', () => {
    // 0.1 + 0.2 style trouble: 3 tokens at 0.1 each is exactly 0.30
    expect(fiatValue(3n * E18, 18, 0.1)).toBe('0.30')
    // 1.5 tokens at 2 usd
    expect(fiatValue(1_500_000_000_000_000_000n, 18, 2)).toBe('3.00')
    // 0.005 tokens at 1 usd rounds half up
    expect(fiatValue(5_000n, 6, 1)).toBe('0.01')
    // a huge balance stays exact
    expect(fiatValue(123_456_789_123_456_789_123_456_789n, 18, '3000.25')).toBe('370401231567.65')
  })
})

describe('full precision', () => {
  it('formats without trailing zeros', () => {
    expect(formatUnitsExact(1_500_000n, 6)).toBe('1.5')
    expect(formatUnitsExact(1n, 18)).toBe('0.000000000000000001')
    expect(formatUnitsExact(-25n, 1)).toBe('-2.5')
    expect(formatUnitsExact(100n, 0)).toBe('100')
    expect(formatUnitsExact(0n, 6)).toBe('0')
  })

  it('parses exactly and rejects excess decimals', () => {
    expect(parseUnitsExact('1.5', 6)).toBe(1_500_000n)
    expect(parseUnitsExact('.5', 1)).toBe(5n)
    expect(parseUnitsExact('-0.001', 3)).toBe(-1n)
    expect(parseUnitsExact('1.50', 1)).toBe(15n)
    expect(() => parseUnitsExact('1.55', 1)).toThrow('This token accepts at most 1 decimals')
    expect(() => parseUnitsExact('1.5', 0)).toThrow('This token does not accept decimals')
    expect(() => parseUnitsExact('abc', 6)).toThrow('Invalid amount')
  })

  it('reads exponent notation as String(number) writes it', () => {
    expect(parseDecimalString('1e-7')).toEqual({ units: 1n, scale: 7 })
    expect(parseDecimalString('1.2e+3')).toEqual({ units: 1200n, scale: 0 })
    expect(parseDecimalString('x')).toBeUndefined()
  })
})

describe('typed or pasted amounts', () => {
  it.each([
    ['1.5', '1.5'],
    ['1,5', '1.5'],
    [' 1 000,25 ', '1000.25'],
    ['1\u00a0000.5', '1000.5'],
    ['1,234.56', '1234.56'],
    ['1.234,56', '1234.56'],
    ['1,234,567', '1234567'],
    ['.5', '0.5'],
    ['5.', '5'],
    ['007', '007'],
  ])('%j reads as %s', (text, normalized) => {
    expect(normalizeAmountInput(text, 'en-US')).toBe(normalized)
  })

  it.each(['', ' ', 'abc', '1.2.3,4', '1,23,4', '-1', '1e5', '1,2.3,4', '.', '12,34.5'])('%j is rejected', (text) => {
    expect(normalizeAmountInput(text, 'en-US')).toBeUndefined()
    const r = parseAmountInput(text, 18, 'en-US')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toBe('Invalid amount')
  })

  it('parses into base units', () => {
    expect(parseAmountInput('1,5', 18, 'en-US')).toEqual({ ok: true, value: 1_500_000_000_000_000_000n, normalized: '1.5' })
  })

  it('rejects more decimals than the token has', () => {
    const r = parseAmountInput('0.1234567', 6, 'en-US')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.error.message).toBe('This token accepts at most 6 decimals')
    expect(parseAmountInput('0.1234560', 6, 'en-US').ok).toBe(true)
  })

  it('reads one separator before three digits by the locale, the same way every time', () => {
    // "1,000" was read as 1 (a comma decimal) while "1,000.50" was 1000.5.
    expect(normalizeAmountInput('1,000', 'en-US')).toBe('1000')
    expect(normalizeAmountInput('1,000.50', 'en-US')).toBe('1000.50')
    expect(normalizeAmountInput('1.000', 'en-US')).toBe('1.000')
    expect(normalizeAmountInput('1.000', 'de-DE')).toBe('1000')
    expect(normalizeAmountInput('1,000', 'de-DE')).toBe('1.000')
    expect(normalizeAmountInput('1,000', 'hi-IN')).toBe('1000')
    expect(normalizeAmountInput('10,00,000.5', 'hi-IN')).toBe('1000000.5')
    // fr-FR groups with spaces: a "." before three digits could be either, so it is refused.
    expect(normalizeAmountInput('1.000', 'fr-FR')).toBeUndefined()
    expect(normalizeAmountInput('1.5', 'fr-FR')).toBe('1.5')
    expect(normalizeAmountInput('1\u202f000,5', 'fr-FR')).toBe('1000.5')
    // Not a thousands group whatever the locale: a decimal.
    expect(normalizeAmountInput('0,500', 'en-US')).toBe('0.500')
    expect(normalizeAmountInput('1234,567', 'en-US')).toBe('1234.567')
    expect(normalizeAmountInput('1,5', 'en-US')).toBe('1.5')
  })

  it('writes fiat values and exact amounts in the locale, every digit kept', () => {
    expect(formatFiat(1234.5)).toBe('1234.50')
    expect(formatFiat(1234.5, 'en-US')).toBe('1,234.50')
    expect(formatFiat('1234567.005', 'de-DE')).toBe('1.234.567,01')
    expect(fiatValue(1_000_000_000n, 6, 1, 'en-US')).toBe('1,000.00')
    expect(formatAmountExact(1_000_123_456n, 6, 'en-US')).toBe('1,000.123456')
    expect(formatAmountExact(10n ** 30n + 1n, 18, 'de-DE')).toBe('1.000.000.000.000,000000000000000001')
    expect(formatAmountExact(10_000_000n, 2, 'hi-IN')).toBe('1,00,000')
  })
})
