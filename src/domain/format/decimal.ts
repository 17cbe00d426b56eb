/**
 * Exact decimal arithmetic on strings and bigints (no floating point). A decimal is kept as a
 * bigint of units plus a scale: `{ units: 1234n, scale: 2 }` is 12.34.
 */

export interface ScaledDecimal {
  readonly units: bigint
  readonly scale: number
}

const DECIMAL_PATTERN = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/**
 * Parses a plain or exponent decimal string ("12.5", "-0.001", "1e-7", "1.2E+21"), as
 * `String(number)` writes them. Undefined for anything else.
 */
export function parseDecimalString(text: string): ScaledDecimal | undefined {
  const m = DECIMAL_PATTERN.exec(text.trim())
  if (!m) return undefined
  const [, sign, intDigits = '', fracDigits = '', exponentText] = m
  if (intDigits === '' && fracDigits === '') return undefined
  const exponent = exponentText === undefined ? 0 : Number(exponentText)
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 10_000) return undefined
  let units = BigInt(`${intDigits}${fracDigits}` || '0')
  let scale = fracDigits.length - exponent
  if (scale < 0) {
    units *= 10n ** BigInt(-scale)
    scale = 0
  }
  return { units: sign === '-' ? -units : units, scale }
}

/** A finite number as an exact decimal of its shortest round-trip representation. */
export function numberToDecimal(value: number): ScaledDecimal {
  if (!Number.isFinite(value)) throw new RangeError(`Not a finite number: ${String(value)}`)
  const parsed = parseDecimalString(String(value))
  if (!parsed) throw new RangeError(`Unparseable number: ${String(value)}`)
  return parsed
}

function abs(n: bigint): bigint {
  return n < 0n ? -n : n
}

/** Changes the scale, truncating toward zero when it shrinks. */
export function rescaleTruncate(d: ScaledDecimal, scale: number): ScaledDecimal {
  if (scale >= d.scale) return { units: d.units * 10n ** BigInt(scale - d.scale), scale }
  return { units: d.units / 10n ** BigInt(d.scale - scale), scale }
}

/** Changes the scale, rounding half away from zero ("half-up") when it shrinks. */
export function rescaleHalfUp(d: ScaledDecimal, scale: number): ScaledDecimal {
  if (scale >= d.scale) return rescaleTruncate(d, scale)
  const divisor = 10n ** BigInt(d.scale - scale)
  const q = abs(d.units) / divisor
  const r = abs(d.units) % divisor
  const rounded = r * 2n >= divisor ? q + 1n : q
  return { units: d.units < 0n ? -rounded : rounded, scale }
}

export function multiplyDecimals(a: ScaledDecimal, b: ScaledDecimal): ScaledDecimal {
  return { units: a.units * b.units, scale: a.scale + b.scale }
}

/** Writes exactly `d.scale` fraction digits ("1.230" for scale 3). */
export function formatFixed(d: ScaledDecimal): string {
  const negative = d.units < 0n
  const digits = abs(d.units).toString().padStart(d.scale + 1, '0')
  const intPart = digits.slice(0, digits.length - d.scale)
  const fracPart = digits.slice(digits.length - d.scale)
  const body = d.scale === 0 ? intPart : `${intPart}.${fracPart}`
  return negative && d.units !== 0n ? `-${body}` : body
}
