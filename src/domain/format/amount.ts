/**
 * Token amounts (spec section 9 display rules), computed from bigint base units and token
 * decimals without floating-point loss:
 * - full precision: `formatUnitsExact` / `parseUnitsExact` round-trip for any bigint;
 * - balances: 3 decimals, truncated (never shows more than the user holds);
 * - fiat: 2 decimals, half-up;
 * - typed or pasted amounts: spaces ignored, comma or dot as the decimal separator, more
 *   decimals than the token has rejected.
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

/** A fiat value with exactly 2 decimals, rounded half-up ("1.01" for 1.005). */
export function formatFiat(value: number | string): string {
  return formatFixed(rescaleHalfUp(toDecimal(value), FIAT_DISPLAY_DECIMALS))
}

/** The fiat value of `value` base units at `price` per whole token, 2 decimals, half-up. */
export function fiatValue(value: bigint, decimals: number, price: number | string): string {
  assertDecimals(decimals)
  const product = multiplyDecimals({ units: value, scale: decimals }, toDecimal(price))
  return formatFixed(rescaleHalfUp(product, FIAT_DISPLAY_DECIMALS))
}

export type ParsedAmount =
  | { readonly ok: true; readonly value: bigint; readonly normalized: string }
  | { readonly ok: false; readonly error: InvalidAmountError }

const GROUPED_INTEGER = /^\d{1,3}(\d{3})*$/

/**
 * Normalises what a person types or pastes into a plain decimal string, or undefined.
 * Whitespace is ignored. A single `,` or `.` is the decimal separator. When both appear, the
 * last one is the decimal separator and the other groups thousands (groups of 3 digits). One
 * separator repeated groups thousands.
 */
export function normalizeAmountInput(text: string): string | undefined {
  const compact = text.replace(/[\s\u00a0\u2009\u202f]+/g, '')
  if (!/^[\d.,]+$/.test(compact)) return undefined
  const lastComma = compact.lastIndexOf(',')
  const lastDot = compact.lastIndexOf('.')
  const commas = compact.split(',').length - 1
  const dots = compact.split('.').length - 1
  let intPart: string
  let fracPart: string | undefined
  let groupSeparator: string | undefined
  if (commas > 0 && dots > 0) {
    const decimalIndex = Math.max(lastComma, lastDot)
    groupSeparator = decimalIndex === lastDot ? ',' : '.'
    if (compact.slice(decimalIndex + 1).includes(groupSeparator)) return undefined
    const decimalSeparator = compact[decimalIndex]
    if (compact.split(decimalSeparator ?? '').length - 1 !== 1) return undefined
    intPart = compact.slice(0, decimalIndex)
    fracPart = compact.slice(decimalIndex + 1)
  } else if (commas + dots === 1) {
    const i = Math.max(lastComma, lastDot)
    intPart = compact.slice(0, i)
    fracPart = compact.slice(i + 1)
  } else if (commas + dots > 1) {
    groupSeparator = commas > 0 ? ',' : '.'
    intPart = compact
  } else {
    intPart = compact
  }
  if (groupSeparator !== undefined) {
    const plain = intPart.split(groupSeparator).join('')
    const groups = intPart.split(groupSeparator)
    if (groups.some((g, i) => (i === 0 ? !/^\d{1,3}$/.test(g) : !/^\d{3}$/.test(g)))) return undefined
    if (!GROUPED_INTEGER.test(plain)) return undefined
    intPart = plain
  }
  if (intPart === '' && (fracPart === undefined || fracPart === '')) return undefined
  return fracPart === undefined || fracPart === '' ? intPart || '0' : `${intPart || '0'}.${fracPart}`
}

/**
 * Parses a typed or pasted amount into base units of a token with `decimals` decimals.
 * Rejects (never rounds) more decimals than the token has.
 */
export function parseAmountInput(text: string, decimals: number): ParsedAmount {
  const normalized = normalizeAmountInput(text)
  if (normalized === undefined) return { ok: false, error: new InvalidAmountError(VALIDATION_MESSAGES.invalidAmount) }
  try {
    return { ok: true, value: parseUnitsExact(normalized, decimals), normalized }
  } catch (error) {
    if (error instanceof InvalidAmountError) return { ok: false, error }
    throw error
  }
}
