import { describe, expect, it } from 'vitest'
import { defaultOnRampOptions } from '../../../../src/domain/on-ramp/on-ramp-fallbacks'
import { onRampBoundCrossed, onRampProvidersOn, paymentMethodLimits, paymentMethodsOf, validateOnRampAmount } from '../../../../src/domain/on-ramp/on-ramp-rules'

const names = (providers: { name: string }[]) => providers.map((p) => p.name)
const BOTH = ['coinbase', 'meld'] as const

describe('on-ramp providers', () => {
  it('offers Coinbase and Meld on an eip155 network in Coinbase\'s list, Meld only elsewhere', () => {
    expect(names(onRampProvidersOn({ namespace: 'eip155', reference: '8453' }, BOTH))).toEqual(['coinbase', 'meld'])
    expect(names(onRampProvidersOn({ namespace: 'eip155', reference: '42220' }, BOTH))).toEqual(['coinbase', 'meld'])
    // BNB Chain is not among Coinbase's chains.
    expect(names(onRampProvidersOn({ namespace: 'eip155', reference: '56' }, BOTH))).toEqual(['meld'])
  })

  it('offers Meld only on Solana, and nobody on a namespace without on-ramp', () => {
    expect(names(onRampProvidersOn({ namespace: 'solana', reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }, BOTH))).toEqual(['meld'])
    expect(onRampProvidersOn({ namespace: 'bip122', reference: '000000000019d6689c085ae165831e93' }, BOTH)).toEqual([])
    expect(onRampProvidersOn({ namespace: 'polkadot', reference: '91b171bb158e2d3848fa23a9f1c25182' }, BOTH)).toEqual([])
  })

  it('counts a test network as supported by every provider of its namespace', () => {
    expect(names(onRampProvidersOn({ namespace: 'eip155', reference: '31337', testnet: true }, BOTH))).toEqual(['coinbase', 'meld'])
    expect(names(onRampProvidersOn({ namespace: 'eip155', reference: '31337' }, BOTH))).toEqual(['meld'])
    expect(names(onRampProvidersOn({ namespace: 'solana', reference: 'devnet', testnet: true }, BOTH))).toEqual(['meld'])
  })

  it('keeps only what the remote features enable and the host setting names', () => {
    const base = { namespace: 'eip155', reference: '1' } as const
    expect(onRampProvidersOn(base, false)).toEqual([])
    expect(names(onRampProvidersOn(base, ['meld']))).toEqual(['meld'])
    expect(names(onRampProvidersOn(base, BOTH, ['coinbase']))).toEqual(['coinbase'])
    expect(onRampProvidersOn(base, ['meld'], ['coinbase'])).toEqual([])
    expect(onRampProvidersOn(base, BOTH, [])).toEqual([])
    expect(onRampProvidersOn(undefined, BOTH)).toEqual([])
  })

  it('lists fee ranges and labels', () => {
    expect(onRampProvidersOn({ namespace: 'eip155', reference: '1' }, BOTH).map((p) => [p.label, p.feeRange])).toEqual([
      ['Coinbase', '1-2%'],
      ['Meld.io', '1-2%'],
    ])
  })
})

describe('on-ramp limits', () => {
  const usd = defaultOnRampOptions().paymentCurrencies.find((c) => c.id === 'USD')!
  const eur = defaultOnRampOptions().paymentCurrencies.find((c) => c.id === 'EUR')!

  it('card 10.00 to 7500.00, bank account 10.00 to 25000.00, in USD and EUR alike', () => {
    for (const currency of [usd, eur]) {
      expect(paymentMethodLimits(currency, 'card')).toEqual({ min: '10.00', max: '7500.00' })
      expect(paymentMethodLimits(currency, 'ach_bank_account')).toEqual({ min: '10.00', max: '25000.00' })
    }
  })

  it('takes the limits the options list, and the defaults for a method they do not', () => {
    const listed = { id: 'USD', payment_method_limits: [{ id: 'CARD', min: '5.00', max: '100.00' }] }
    expect(paymentMethodLimits(listed, 'card')).toEqual({ min: '5.00', max: '100.00' })
    expect(paymentMethodLimits(listed, 'ACH_BANK_ACCOUNT')).toEqual({ min: '10.00', max: '25000.00' })
    expect(paymentMethodLimits(undefined, 'card')).toEqual({ min: '10.00', max: '7500.00' })
    expect(paymentMethodsOf(listed)).toEqual(['CARD'])
    expect(paymentMethodsOf(undefined)).toEqual(['card', 'ach_bank_account'])
  })

  it('refuses an amount outside the limits with the limit in its words', () => {
    const card = paymentMethodLimits(usd, 'card')
    expect(validateOnRampAmount('9.99', 'USD', card)).toEqual({ valid: false, failure: { code: 'onramp.min', params: { amount: '10.00', currency: 'USD' } } })
    expect(validateOnRampAmount('10', 'USD', card)).toEqual({ valid: true })
    expect(validateOnRampAmount('7500.00', 'USD', card)).toEqual({ valid: true })
    expect(validateOnRampAmount('7500.01', 'USD', card)).toEqual({ valid: false, failure: { code: 'onramp.max', params: { amount: '7500.00', currency: 'USD' } } })
    const bank = paymentMethodLimits(eur, 'ach_bank_account')
    expect(validateOnRampAmount('25000', 'EUR', bank)).toEqual({ valid: true })
    expect(validateOnRampAmount('25000.01', 'EUR', bank)).toEqual({ valid: false, failure: { code: 'onramp.max', params: { amount: '25000.00', currency: 'EUR' } } })
  })

  it('names the limit a well-formed amount crosses, for the views to word in the visitor\'s language', () => {
    const card = paymentMethodLimits(usd, 'card')
    expect([' 9.99 ', '10', '7500.00', '7500.01'].map((amount) => onRampBoundCrossed(amount, card))).toEqual(['min', undefined, undefined, 'max'])
    // Not an amount: the rule's own words say so, no limit is named.
    expect(['', 'abc', '99999,5', '1e9'].map((amount) => onRampBoundCrossed(amount, card))).toEqual([undefined, undefined, undefined, undefined])
  })

  it('asks for a plain amount', () => {
    const card = paymentMethodLimits(usd, 'card')
    expect(validateOnRampAmount('', 'USD', card)).toEqual({ valid: false, failure: { code: 'onramp.enterAmount' } })
    for (const bad of ['abc', '1e3', '-20', '20.123', '20,5']) {
      expect(validateOnRampAmount(bad, 'USD', card).valid).toBe(false)
    }
  })
})
