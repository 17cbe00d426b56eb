/**
 * Token amounts (spec section 9 display rules), computed from bigint base units and token
 * decimals without floating-point loss:
 * - full precision: `formatUnitsExact` / `parseUnitsExact` round-trip for any bigint;
 * - balances: 3 decimals, truncated (never shows more than the user holds);
 * - fiat: 2 decimals, half-up;
 * - typed or pasted amounts: read by the rules of ./locale-number (the locale settles "1,000"),
 *   more decimals than the token has rejected.
 */
import { BALANCE_DISPLAY_DECIMALS, FIAT_DISPLAY_DECIMALS } from '../constants'
import { InvalidAmountError, VALIDATION_MESSAGES, tooManyDecimalsMessage } from '../errors'
import {
  formatFixed,
  multiplyDecimals,
  numberToDecimal,
  parseDecimalString,
  rescaleHalfUp,
  rescaleTruncate,
  type ScaledDecimal,
} from './decimal'
import { formatDecimalText, readAmountText } from './locale-number'

function assertDecimals(decimals: number): void {
  if (!Number.isSafeInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`Invalid token decimals: ${String(decimals)}`)
  }
}

/** Base units as a plain decimal string without trailing fraction zeros ("1.5", "-0.001", "42"). */
export function formatUnitsExact(value: bigint, decimals: number): string {
  assertDecimals(decimals)
  const fixed = formatFixed({ units: value, scale: decimals })
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed
}

/**
 * Parses a plain decimal string ("1.5", "-0.001", "42", ".5") into base units. Throws
 * InvalidAmountError for anything else or for more significant decimals than `decimals`.
 */
export function parseUnitsExact(text: string, decimals: number): bigint {
  assertDecimals(decimals)
  const m = /^(-)?(\d*)(?:\.(\d*))?$/.exec(text)
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new InvalidAmountError()
  const [, sign, intDigits = '', rawFrac = ''] = m
  const frac = rawFrac.replace(/0+$/, '')
  if (frac.length > decimals) throw new InvalidAmountError(tooManyDecimalsMessage(decimals))
  const units = BigInt(`${intDigits || '0'}${frac.padEnd(decimals, '0')}`)
  return sign === '-' ? -units : units
}

/** A balance with exactly 3 decimals, truncated toward zero ("1.999" for 1.9999). */
export function formatBalance(value: bigint, decimals: number): string {
  assertDecimals(decimals)
  return formatFixed(rescaleTruncate({ units: value, scale: decimals }, BALANCE_DISPLAY_DECIMALS))
}

/** A decimal string balance (wire `quantity.numeric`) with 3 decimals, truncated. */
export function formatBalanceNumeric(numeric: string): string {
  const d = parseDecimalString(numeric)
  if (!d) throw new InvalidAmountError()
  return formatFixed(rescaleTruncate(d, BALANCE_DISPLAY_DECIMALS))
}

function toDecimal(value: number | string): ScaledDecimal {
  if (typeof value === 'number') return numberToDecimal(value)
  const d = parseDecimalString(value)
  if (!d) throw new InvalidAmountError()
  return d
}

/**
 * A fiat value with exactly 2 decimals, rounded half-up ("1.01" for 1.005); with a `locale`, in
 * that locale's writing ("1,234.50" in en-US, "1.234,50" in de-DE), else plain ("1234.50").
 */
export function formatFiat(value: number | string, locale?: string): string {
  return localized(formatFixed(rescaleHalfUp(toDecimal(value), FIAT_DISPLAY_DECIMALS)), locale)
}

/** The fiat value of `value` base units at `price` per whole token, 2 decimals, half-up (see formatFiat). */
export function fiatValue(value: bigint, decimals: number, price: number | string, locale?: string): string {
  assertDecimals(decimals)
  const product = multiplyDecimals({ units: value, scale: decimals }, toDecimal(price))
  return localized(formatFixed(rescaleHalfUp(product, FIAT_DISPLAY_DECIMALS)), locale)
}

/** Decimals a quoted amount shows ("1234.567891"), and significant digits of one below 0.000001. */
const SHORT_FRACTION_DIGITS = 6
const SHORT_SIGNIFICANT_DIGITS = 4

/**
 * A quoted amount for a review line, plain ("1234.567891"): the whole part in full, the fraction
 * cut (never rounded up, so a minimum is never overstated) to 6 digits, or to 4 significant digits
 * for an amount below 0.000001 ("0.00000001234"); trailing zeros dropped.
 */
export function formatUnitsShort(value: bigint, decimals: number): string {
  const [whole = '0', fraction = ''] = formatUnitsExact(value, decimals).split('.')
  const first = fraction.search(/[1-9]/)
  const keep = /^-?0$/.test(whole) && first >= SHORT_FRACTION_DIGITS ? first + SHORT_SIGNIFICANT_DIGITS : SHORT_FRACTION_DIGITS
  const cut = fraction.slice(0, keep).replace(/0+$/, '')
  return cut === '' ? whole : `${whole}.${cut}`
}

/** Base units at full precision in the locale's writing ("1,000.123456"): what a review shows. */
export function formatAmountExact(value: bigint, decimals: number, locale: string): string {
  return formatDecimalText(formatUnitsExact(value, decimals), locale)
}

function localized(plain: string, locale: string | undefined): string {
  return locale === undefined ? plain : formatDecimalText(plain, locale)
}

export type ParsedAmount =
  | { readonly ok: true; readonly value: bigint; readonly normalized: string }
  | { readonly ok: false; readonly error: InvalidAmountError }

/**
 * Normalises what a person types or pastes into a plain decimal string, or undefined when it is
 * not a number or its separators fit no single reading in `locale` (rules in ./locale-number).
 */
export function normalizeAmountInput(text: string, locale: string): string | undefined {
  const read = readAmountText(text, locale)
  return read.ok ? read.normalized : undefined
}

/**
 * Parses a typed or pasted amount into base units of a token with `decimals` decimals.
 * Rejects (never rounds) more decimals than the token has.
 */
export function parseAmountInput(text: string, decimals: number, locale: string): ParsedAmount {
  const normalized = normalizeAmountInput(text, locale)
  if (normalized === undefined) return { ok: false, error: new InvalidAmountError(VALIDATION_MESSAGES.invalidAmount) }
  try {
    return { ok: true, value: parseUnitsExact(normalized, decimals), normalized }
  } catch (error) {
    if (error instanceof InvalidAmountError) return { ok: false, error }
    throw error
  }
}
