/** Send rules over generated inputs: the address rule per namespace, zero amounts, the Max reserve. */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CHAIN_NAMESPACES } from '../../../src/domain/entities'
import { parseSendAmount } from '../../../src/domain/send/send-amount'
import { coversNetworkFee, maxNativeAmount } from '../../../src/domain/send/send-fees'
import { BASE58_ALPHABET, isEvmAddress, isSolanaAddress } from '../../../src/domain/validation/addresses'
import { isAddressOf } from '../../../src/domain/send/send-receiver'

const RUNS = { numRuns: 500 }
const HEX = '0123456789abcdefABCDEF'

function chars(alphabet: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.string({ unit: fc.constantFrom(...alphabet), minLength, maxLength })
}

const evmAddress = fc.tuple(fc.constantFrom('', '0x'), chars(HEX, 40, 40)).map(([p, h]) => p + h)
const solanaAddress = chars(BASE58_ALPHABET, 32, 44)

describe('isAddressOf', () => {
  it('is the EVM rule on eip155 and the Solana rule on solana, for any text', () => {
    fc.assert(
      fc.property(fc.oneof(evmAddress, solanaAddress, fc.string()), (text) => {
        expect(isAddressOf('eip155', text)).toBe(isEvmAddress(text))
        expect(isAddressOf('solana', text)).toBe(isSolanaAddress(text))
      }),
      RUNS,
    )
  })

  it('accepts generated addresses of their own family', () => {
    fc.assert(fc.property(evmAddress, (a) => isAddressOf('eip155', a)), RUNS)
    fc.assert(fc.property(solanaAddress, (a) => isAddressOf('solana', a)), RUNS)
  })

  it('a namespace without a rule here accepts nothing', () => {
    // polkadot and cosmos addresses are checked by their wings (SS58 and bech32 need their SDKs).
    const ruleless = CHAIN_NAMESPACES.filter((n) => n !== 'eip155' && n !== 'solana' && n !== 'bip122')
    fc.assert(
      fc.property(fc.constantFrom(...ruleless), fc.oneof(evmAddress, solanaAddress, fc.string()), (namespace, text) => {
        expect(isAddressOf(namespace, text)).toBe(false)
      }),
      RUNS,
    )
  })
})

describe('parseSendAmount', () => {
  it('refuses every spelling of zero as not greater than 0', () => {
    const zero = fc
      .tuple(chars('0', 0, 5), fc.constantFrom('', '.', ','), chars('0', 0, 30), fc.constantFrom('', ' '))
      .filter(([i, sep, f]) => i !== '' || (sep !== '' && f !== ''))
      .map(([i, sep, f, pad]) => `${pad}${i}${sep}${f}${pad}`)
    fc.assert(
      fc.property(zero, fc.integer({ min: 18, max: 30 }), (text, decimals) => {
        expect(parseSendAmount(text, decimals, 'en-US')).toEqual({ ok: false, error: { kind: 'amountNotPositive' } })
      }),
      RUNS,
    )
  })

  it('every amount it accepts is positive', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '1', '9', '.', ',', ' '), maxLength: 12 }), fc.integer({ min: 0, max: 18 }), (text, decimals) => {
        const parsed = parseSendAmount(text, decimals, 'en-US')
        if (parsed.ok) expect(parsed.value > 0n).toBe(true)
      }),
      RUNS,
    )
  })
})

describe('maxNativeAmount', () => {
  it('never goes below zero and, when it is positive, leaves the fee covered', () => {
    const units = fc.bigInt({ min: 0n, max: 10n ** 24n })
    fc.assert(
      fc.property(units, units, (balance, fee) => {
        const max = maxNativeAmount(balance, fee)
        expect(max >= 0n && max <= balance).toBe(true)
        if (max > 0n) expect(coversNetworkFee({ sendsNative: true, amount: max, fee, nativeBalance: balance })).toBe(true)
      }),
      RUNS,
    )
  })
})
