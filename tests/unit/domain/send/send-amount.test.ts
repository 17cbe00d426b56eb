import { describe, expect, it } from 'vitest'
import { parseSendAmount, typedAmountFiat } from '../../../../src/domain/send/send-amount'

describe('send amount', () => {
  it('reads pasted text with spaces, a comma decimal and thousands groups in base units', () => {
    expect(parseSendAmount(' 10,5 ', 6)).toEqual({ ok: true, value: 10_500_000n, normalized: '10.5' })
    expect(parseSendAmount('1,234.5', 2)).toEqual({ ok: true, value: 123_450n, normalized: '1234.5' })
    expect(parseSendAmount('.000001', 6)).toMatchObject({ ok: true, value: 1n })
  })

  it.each(['0', '0.000', '0.', '.0', ' 0,0 ', '000'])('refuses %j as not greater than 0', (text) => {
    expect(parseSendAmount(text, 18)).toEqual({ ok: false, error: { kind: 'amountNotPositive' } })
  })

  it('refuses more decimals than the token has (trailing zeros do not count)', () => {
    expect(parseSendAmount('1.1234567', 6)).toEqual({ ok: false, error: { kind: 'tooManyDecimals', decimals: 6 } })
    expect(parseSendAmount('1.5', 0)).toEqual({ ok: false, error: { kind: 'tooManyDecimals', decimals: 0 } })
    expect(parseSendAmount('1.1234560000', 6)).toMatchObject({ ok: true, value: 1_123_456n })
  })

  it.each(['abc', '-1', '1e5', '', '1.2.3', '1,23,4'])('refuses %j as an invalid amount', (text) => {
    expect(parseSendAmount(text, 18)).toEqual({ ok: false, error: { kind: 'invalidAmount' } })
  })

  it('gives the fiat value of a typed amount only when there is a price and a readable amount', () => {
    expect(typedAmountFiat('10,5', 6, 1)).toBe('10.50')
    expect(typedAmountFiat('0.25', 18, 2500)).toBe('625.00')
    expect(typedAmountFiat('1', 18, 0)).toBeUndefined()
    expect(typedAmountFiat(' ', 18, 2)).toBeUndefined()
    expect(typedAmountFiat('abc', 18, 2)).toBeUndefined()
  })
})
