import { describe, expect, it } from 'vitest'
import {
  defaultOnRampOptions,
  onRampProvidersFor,
  placeholderQuote,
} from '../../../../src/domain/on-ramp/on-ramp-fallbacks'
import { onRampOptionsSchema, quoteSchema } from '../../../../src/domain/entity-schemas'

describe('on-ramp fallbacks', () => {
  it('default options: USD and EUR, card 10.00 to 7500.00, bank account 10.00 to 25000.00', () => {
    const options = defaultOnRampOptions()
    expect(onRampOptionsSchema.parse(options)).toEqual(options)
    expect(options.paymentCurrencies.map((c) => c.id)).toEqual(['USD', 'EUR'])
    for (const c of options.paymentCurrencies) {
      expect(c.payment_method_limits).toEqual([
        { id: 'card', min: '10.00', max: '7500.00' },
        { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
      ])
    }
    expect(options.purchaseCurrencies.length).toBeGreaterThan(0)
  })

  it('returns a fresh copy each time', () => {
    const a = defaultOnRampOptions()
    a.paymentCurrencies[0]!.payment_method_limits[0]!.max = '1'
    expect(defaultOnRampOptions().paymentCurrencies[0]?.payment_method_limits[0]?.max).toBe('7500.00')
  })

  it('the placeholder quote is a valid quote for the entered amount', () => {
    const q = placeholderQuote({ amount: '100', paymentCurrency: 'USD', purchaseCurrency: 'USDC' })
    expect(quoteSchema.parse(q)).toEqual(q)
    expect(q.paymentTotal).toEqual({ amount: '100', currency: 'USD' })
    expect(q.purchaseAmount).toEqual({ amount: '100', currency: 'USDC' })
  })

  it('offers coinbase on eip155 only and meld on eip155 and solana', () => {
    expect(onRampProvidersFor('eip155', ['coinbase', 'meld']).map((p) => p.name)).toEqual(['coinbase', 'meld'])
    expect(onRampProvidersFor('solana', ['coinbase', 'meld']).map((p) => p.name)).toEqual(['meld'])
    expect(onRampProvidersFor('polkadot', ['coinbase', 'meld'])).toEqual([])
    expect(onRampProvidersFor('eip155', false)).toEqual([])
    expect(onRampProvidersFor('eip155', ['meld']).map((p) => p.feeRange)).toEqual(['1-2%'])
  })
})
