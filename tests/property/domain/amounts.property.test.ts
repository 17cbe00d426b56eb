import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  fiatValue,
  formatBalance,
  formatUnitsExact,
  parseAmountInput,
  parseUnitsExact,
} from '../../../src/domain/format/amount'

const RUNS = { numRuns: 500 }
const amount = fc.oneof(
  fc.bigInt(),
  fc.bigInt({ min: 0n, max: 10n ** 30n }),
  fc.bigInt({ min: -(10n ** 80n), max: 10n ** 80n }),
)
const decimals = fc.integer({ min: 0, max: 36 })

describe('full-precision amounts', () => {
  it('format then parse round-trips for any bigint and decimals', () => {
    fc.assert(
      fc.property(amount, decimals, (v, d) => {
        expect(parseUnitsExact(formatUnitsExact(v, d), d)).toBe(v)
      }),
      RUNS,
    )
  })

  it('what the user types or pastes (the decimal mark of the locale, spaces) parses back to the same amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), decimals, fc.boolean(), fc.nat({ max: 3 }), (v, d, comma, pad) => {
        let text = formatUnitsExact(v, d)
        if (comma) text = text.replace('.', ',')
        text = ' '.repeat(pad) + text + ' '.repeat(pad)
        const parsed = parseAmountInput(text, d, comma ? 'de-DE' : 'en-US')
        expect(parsed.ok).toBe(true)
        if (parsed.ok) expect(parsed.value).toBe(v)
      }),
      RUNS,
    )
  })

  it('more significant decimals than the token has are rejected, never rounded', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 9 }), (v, d, last) => {
        const [int, frac = ''] = formatUnitsExact(v, d).split('.')
        const tooPrecise = `${int}.${frac.padEnd(d, '0')}${last}`
        const parsed = parseAmountInput(tooPrecise, d, 'en-US')
        expect(parsed.ok).toBe(false)
        if (!parsed.ok) expect(parsed.error.message).toMatch(/^This token (accepts at most \d+ decimals|does not accept decimals)$/)
      }),
      RUNS,
    )
  })
})

describe('display', () => {
  it('balances show 3 decimals, never more than held and less than 0.001 below it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 40n }), decimals, (v, d) => {
        const shown = formatBalance(v, d)
        expect(shown).toMatch(/^\d+\.\d{3}$/)
        const shownUnits = parseUnitsExact(shown, 3) // thousandths
        const heldThousandths = v * 1000n
        const scale = 10n ** BigInt(d)
        expect(shownUnits * scale).toBeLessThanOrEqual(heldThousandths)
        expect(heldThousandths - shownUnits * scale).toBeLessThan(scale)
      }),
      RUNS,
    )
  })

  it('fiat rounds an exact half cent up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 24n }), fc.integer({ min: 0, max: 12 }), (cents, extra) => {
        // value = cents + 0.5 cent, written with `extra` more decimals of token precision
        const halfUp = (cents * 10n + 5n) * 10n ** BigInt(extra)
        const expected = formatUnitsExact(cents + 1n, 2)
        const shown = fiatValue(halfUp, 3 + extra, 1)
        expect(parseUnitsExact(shown, 2)).toBe(cents + 1n)
        expect(parseUnitsExact(shown, 2)).toBe(parseUnitsExact(expected, 2))
        // one unit below the half rounds down
        if (extra > 0) expect(parseUnitsExact(fiatValue(halfUp - 1n, 3 + extra, 1), 2)).toBe(cents)
      }),
      RUNS,
    )
  })

  it('fiat shows 2 decimals within half a cent of the exact value, rounding halves up', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 24 }), fc.integer({ min: 0, max: 10_000_000 }), (v, d, priceMicros) => {
        const price = formatUnitsExact(BigInt(priceMicros), 6)
        const shown = fiatValue(v, d, price)
        expect(shown).toMatch(/^\d+\.\d{2}$/)
        // exact value in units of 10^-(d+6)
        const exact = v * BigInt(priceMicros)
        const scale = 10n ** BigInt(d + 6)
        const cents = parseUnitsExact(shown, 2)
        const diff = cents * scale - exact * 100n // in units of 10^-(d+6) cents... scaled by 100
        expect(diff * 2n).toBeLessThanOrEqual(scale)
        expect(diff * 2n).toBeGreaterThanOrEqual(-scale + 1n)
      }),
      RUNS,
    )
  })
})
