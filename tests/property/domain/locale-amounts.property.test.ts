/**
 * Amounts as people of several locales write them: whatever Intl.NumberFormat writes in a locale
 * reads back, in that locale, as exactly the same number (or is refused), never as another one;
 * and the exact writing the review shows reads back too.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatAmountExact, formatUnitsExact, parseAmountInput } from '../../../src/domain/format/amount'
import { readAmountText } from '../../../src/domain/format/locale-number'
import { parseSendAmount } from '../../../src/domain/send/send-amount'

const RUNS = { numRuns: 400 }
const LOCALES = ['en-US', 'en-GB', 'en-IN', 'hi-IN', 'de-DE', 'de-CH', 'fr-FR', 'es-ES', 'it-IT', 'pt-BR', 'pl-PL', 'nl-NL', 'sv-SE', 'ja-JP'] as const
const locale = fc.constantFrom(...LOCALES)
const decimals = fc.integer({ min: 0, max: 18 })
const units = fc.oneof(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 30n }))

/** What Intl writes for the exact decimal `plain` (Intl formats a decimal string without float loss). */
function intlFormat(plain: string, loc: string, d: number, grouping: boolean): string {
  const format = new Intl.NumberFormat(loc, { maximumFractionDigits: Math.max(d, 0), useGrouping: grouping, numberingSystem: 'latn' })
  return (format.format as (value: string) => string)(plain)
}

describe('amounts written by Intl.NumberFormat in a locale', () => {
  it('read back in that locale as the same amount, every time', () => {
    fc.assert(
      fc.property(units, decimals, locale, fc.boolean(), (v, d, loc, grouping) => {
        const plain = formatUnitsExact(v, d)
        const text = intlFormat(plain, loc, d, grouping)
        const parsed = parseAmountInput(text, d, loc)
        // Never a different number; and every one of these locales' own writing is accepted.
        expect(parsed.ok, `${text} in ${loc}`).toBe(true)
        if (parsed.ok) expect(parsed.value).toBe(v)
      }),
      RUNS,
    )
  })

  it('what the review shows (every digit, the locale grouping) reads back as the same amount', () => {
    fc.assert(
      fc.property(units, decimals, locale, (v, d, loc) => {
        const shown = formatAmountExact(v, d, loc)
        const parsed = parseAmountInput(shown, d, loc)
        expect(parsed.ok, `${shown} in ${loc}`).toBe(true)
        if (parsed.ok) expect(parsed.value).toBe(v)
      }),
      RUNS,
    )
  })

  it('a text reads the same way each time, and only to the number of one of its two readings', () => {
    const marks = fc.string({ unit: fc.constantFrom('0', '1', '5', '9', '.', ',', ' '), minLength: 1, maxLength: 12 })
    fc.assert(
      fc.property(marks, locale, (text, loc) => {
        const first = readAmountText(text, loc)
        expect(readAmountText(text, loc)).toEqual(first)
        if (!first.ok) return
        // The digits are the text's digits, in order: separators are only ever dropped or made the point.
        expect(first.normalized.replace('.', '').replace(/^0+/, '')).toBe(text.replace(/[^\d]/g, '').replace(/^0+/, ''))
      }),
      RUNS,
    )
  })

  it('the send amount agrees with the parser: accepted amounts are the formatted number', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 24n }), decimals, locale, (v, d, loc) => {
        const parsed = parseSendAmount(intlFormat(formatUnitsExact(v, d), loc, d, true), d, loc)
        expect(parsed).toMatchObject({ ok: true, value: v })
      }),
      RUNS,
    )
  })
})
