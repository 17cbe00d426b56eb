/**
 * Numbers as people of a locale write them: what a person types into an amount field, and how an
 * exact amount or a fiat value is shown back. Exact throughout (strings and bigints, never a
 * float), and always in Latin digits so that what is shown can be typed back.
 *
 * How a typed amount is read (`readAmountText`), in this order:
 * 1. Spaces of any width and apostrophes are ignored: they group thousands ("1 000", "1'000").
 * 2. Anything but digits, "." and "," is refused ("Invalid amount").
 * 3. "." and "," both present: the last one is the decimal separator and the other groups
 *    thousands ("1,000.5" and "1.000,5" are both 1000.5), whatever the locale.
 * 4. One mark used more than once only groups thousands ("1,000,000", the Indian "10,00,000").
 * 5. One mark used once is the decimal separator, unless it could be a thousands group: exactly
 *    three digits after it and one to three before it, not starting with 0 ("1,000", "12.345").
 *    Those are read by the locale: its decimal separator is a decimal ("1.000" is 1 in en-US), its
 *    group separator groups ("1,000" is 1000 in en-US, "1.000" is 1000 in de-DE). A mark that is
 *    neither in the locale (a "." in fr-FR, which groups with spaces) is refused: it could be
 *    either, and guessing could send a thousand times too much or too little.
 * Groups must be well formed (three digits each, or the Indian two-then-three) or the text is
 * refused. So the same text in the same locale always reads as the same number, and a number
 * written by `Intl.NumberFormat` in that locale reads back as itself.
 */

/** The marks a locale writes numbers with. */
export interface NumberMarks {
  readonly decimal: string
  readonly group: string
}

/** When a locale is unknown to Intl, numbers read and print as in en-US. */
const FALLBACK_LOCALE = 'en-US'

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  try {
    return new Intl.NumberFormat(locale, { numberingSystem: 'latn', ...options })
  } catch {
    // A malformed language tag (a RangeError) reads as the fallback rather than breaking the view.
    return new Intl.NumberFormat(FALLBACK_LOCALE, { numberingSystem: 'latn', ...options })
  }
}

export function numberMarks(locale: string): NumberMarks {
  const parts = numberFormat(locale, { useGrouping: true }).formatToParts(1234567.5)
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  }
}

export type AmountText =
  | { readonly ok: true; readonly normalized: string }
  /** `invalid`: not a number at all; `unclear`: separators that fit no single reading. */
  | { readonly ok: false; readonly reason: 'invalid' | 'unclear' }

const IGNORED = /[\s\u00a0\u2009\u202f'\u2019]+/g
const WESTERN_GROUPS = /^[1-9]\d{0,2}(?:,\d{3})+$/
const INDIAN_GROUPS = /^[1-9]\d?(?:,\d{2})*,\d{3}$/

/** Reads a typed or pasted amount as a plain decimal string ("1000.5"), by the rules above. */
export function readAmountText(text: string, locale: string): AmountText {
  const compact = text.replace(IGNORED, '')
  if (!/^[\d.,]+$/.test(compact)) return { ok: false, reason: 'invalid' }
  const dots = count(compact, '.')
  const commas = count(compact, ',')
  let intPart: string
  let fracPart = ''
  let groupMark: string | undefined
  if (dots > 0 && commas > 0) {
    const decimalAt = Math.max(compact.lastIndexOf('.'), compact.lastIndexOf(','))
    const decimalMark = compact[decimalAt] as string
    groupMark = decimalMark === '.' ? ',' : '.'
    if (count(compact, decimalMark) !== 1) return { ok: false, reason: 'unclear' }
    intPart = compact.slice(0, decimalAt)
    fracPart = compact.slice(decimalAt + 1)
    if (fracPart.includes(groupMark)) return { ok: false, reason: 'unclear' }
  } else if (dots + commas > 1) {
    groupMark = dots > 0 ? '.' : ','
    intPart = compact
  } else if (dots + commas === 1) {
    const mark = dots > 0 ? '.' : ','
    const [before = '', after = ''] = compact.split(mark)
    if (!couldBeGroup(before, after)) {
      intPart = before
      fracPart = after
    } else {
      const marks = numberMarks(locale)
      if (mark === marks.decimal) {
        intPart = before
        fracPart = after
      } else if (mark === marks.group) {
        groupMark = mark
        intPart = compact
      } else {
        return { ok: false, reason: 'unclear' }
      }
    }
  } else {
    intPart = compact
  }
  if (groupMark !== undefined) {
    const commaGrouped = intPart.split(groupMark).join(',')
    if (!WESTERN_GROUPS.test(commaGrouped) && !INDIAN_GROUPS.test(commaGrouped)) return { ok: false, reason: 'unclear' }
    intPart = intPart.split(groupMark).join('')
  }
  if (intPart === '' && fracPart === '') return { ok: false, reason: 'invalid' }
  return { ok: true, normalized: fracPart === '' ? intPart || '0' : `${intPart || '0'}.${fracPart}` }
}

function count(text: string, mark: string): number {
  return text.split(mark).length - 1
}

/** Whether `before<mark>after` could be a number with one thousands group ("1,000", "999.999"). */
function couldBeGroup(before: string, after: string): boolean {
  return after.length === 3 && /^[1-9]\d{0,2}$/.test(before)
}

/**
 * A plain decimal string ("-1234.50") written with the locale's grouping and decimal marks
 * ("-1,234.50" in en-US, "-1.234,50" in de-DE), every digit kept: nothing is rounded or dropped.
 */
export function formatDecimalText(plain: string, locale: string): string {
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(plain)
  if (!m) return plain
  const [, sign = '', intDigits = '0', fracDigits] = m
  const grouped = numberFormat(locale, { useGrouping: true, maximumFractionDigits: 0 }).format(BigInt(intDigits))
  const body = fracDigits === undefined ? grouped : `${grouped}${numberMarks(locale).decimal}${fracDigits}`
  return `${sign}${body}`
}

/** An example amount in the locale's own writing, for a message ("1,000.5" in en-US). */
export function exampleAmount(locale: string): string {
  return formatDecimalText('1000.5', locale)
}
