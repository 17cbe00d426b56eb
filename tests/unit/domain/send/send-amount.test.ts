import { describe, expect, it } from 'vitest'
import { parseSendAmount, typedAmountFiat } from '../../../../src/domain/send/send-amount'
import { sendErrorMessage } from '../../../../src/domain/send/send-errors'

describe('send amount', () => {
  it('reads pasted text with spaces, a comma decimal and thousands groups in base units', () => {
    expect(parseSendAmount(' 10,5 ', 6, 'en-US')).toEqual({ ok: true, value: 10_500_000n, normalized: '10.5' })
    expect(parseSendAmount('1,234.5', 2, 'en-US')).toEqual({ ok: true, value: 123_450n, normalized: '1234.5' })
    expect(parseSendAmount('.000001', 6, 'en-US')).toMatchObject({ ok: true, value: 1n })
  })

  it.each(['0', '0.000', '0.', '.0', ' 0,0 ', '000'])('refuses %j as not greater than 0', (text) => {
    expect(parseSendAmount(text, 18, 'en-US')).toEqual({ ok: false, error: { kind: 'amountNotPositive' } })
  })

  it('refuses more decimals than the token has (trailing zeros do not count)', () => {
    expect(parseSendAmount('1.1234567', 6, 'en-US')).toEqual({ ok: false, error: { kind: 'tooManyDecimals', decimals: 6 } })
    expect(parseSendAmount('1.5', 0, 'en-US')).toEqual({ ok: false, error: { kind: 'tooManyDecimals', decimals: 0 } })
    expect(parseSendAmount('1.1234560000', 6, 'en-US')).toMatchObject({ ok: true, value: 1_123_456n })
  })

  it('refuses separators the locale cannot settle, with a message in its own writing', () => {
    expect(parseSendAmount('1.000', 6, 'fr-FR')).toEqual({ ok: false, error: { kind: 'unclearAmount', locale: 'fr-FR' } })
    expect(sendErrorMessage({ kind: 'unclearAmount', locale: 'en-US' })).toBe('Enter an amount with "." for decimals (for example 1,000.5)')
    expect(sendErrorMessage({ kind: 'unclearAmount', locale: 'de-DE' })).toBe('Enter an amount with "," for decimals (for example 1.000,5)')
    expect(parseSendAmount('1,00,0', 6, 'en-US')).toEqual({ ok: false, error: { kind: 'unclearAmount', locale: 'en-US' } })
  })

  it('reads "1,000" as a thousand in en-US and as one in de-DE', () => {
    expect(parseSendAmount('1,000', 6, 'en-US')).toEqual({ ok: true, value: 1_000_000_000n, normalized: '1000' })
    expect(parseSendAmount('1,000', 6, 'de-DE')).toEqual({ ok: true, value: 1_000_000n, normalized: '1.000' })
  })

  it.each(['abc', '-1', '1e5', '', '1,2a'])('refuses %j as an invalid amount', (text) => {
    expect(parseSendAmount(text, 18, 'en-US')).toEqual({ ok: false, error: { kind: 'invalidAmount' } })
  })

  it('gives the fiat value of a typed amount only when there is a price and a readable amount', () => {
    expect(typedAmountFiat('10,5', 6, 1, 'en-US')).toBe('10.50')
    expect(typedAmountFiat('0.25', 18, 2500, 'en-US')).toBe('625.00')
    expect(typedAmountFiat('1,000', 6, 1, 'en-US')).toBe('1,000.00')
    // Plain, for the display currency to convert and write: no grouping to misread.
    expect(typedAmountFiat('1,000', 6, 1, 'en-US', null)).toBe('1000.00')
    expect(typedAmountFiat('1.000,5', 6, 1, 'de-DE', null)).toBe('1000.50')
    expect(typedAmountFiat('1', 18, 0, 'en-US')).toBeUndefined()
    expect(typedAmountFiat(' ', 18, 2, 'en-US')).toBeUndefined()
    expect(typedAmountFiat('abc', 18, 2, 'en-US')).toBeUndefined()
  })
})
