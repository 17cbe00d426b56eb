/**
 * Form-validation messages as the spec words them (section 5): "Required" for a missing value
 * and "Expected X, received Y" for a wrong type. Zod 4 words these differently ("Invalid input:
 * expected string, received undefined"), so this error map restores the spec's wording.
 *
 * Use it per parse (`schema.safeParse(value, { error: specErrorMap })`, what the domain's own
 * validators do) or install it once for the whole modal with `installSpecErrorMap()`.
 * Messages set on a schema itself always win over this map.
 *
 * The modal uses `zod/mini`, which (unlike classic zod) registers no locale: every issue this map
 * leaves alone would read "Invalid input". `ensureEnglishLocale()` gives those zod's English
 * wording, as classic zod does: only when no locale is set, so a host's own choice still wins.
 */
import { z } from 'zod/mini'
import en from 'zod/v4/locales/en.js'
import { VALIDATION_MESSAGES, expectedReceivedMessage } from '../errors'

/** The type name of `value` as zod 3 reported it ("string", "number", "nan", "null", "array", ...). */
export function receivedTypeName(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (value instanceof Date) return 'date'
  if (value instanceof Map) return 'map'
  if (value instanceof Set) return 'set'
  if (value instanceof Promise) return 'promise'
  if (typeof value === 'number' && Number.isNaN(value)) return 'nan'
  return typeof value
}

function quote(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : String(value)
}

export const specErrorMap: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return VALIDATION_MESSAGES.required
      return expectedReceivedMessage(issue.expected, receivedTypeName(issue.input))
    case 'invalid_value':
      if (issue.values.length === 1) return `Invalid literal value, expected ${quote(issue.values[0])}`
      return `Invalid enum value. Expected ${issue.values.map(quote).join(' | ')}, received ${quote(issue.input)}`
    case 'too_small':
      if (issue.origin === 'string') {
        return `String must contain at least ${String(issue.minimum)} character(s)`
      }
      if (issue.origin === 'array') return `Array must contain at least ${String(issue.minimum)} element(s)`
      return undefined
    case 'too_big':
      if (issue.origin === 'string') {
        return `String must contain at most ${String(issue.maximum)} character(s)`
      }
      if (issue.origin === 'array') return `Array must contain at most ${String(issue.maximum)} element(s)`
      return undefined
    case 'invalid_format':
      if (issue.format === 'email') return 'Invalid email'
      if (issue.format === 'starts_with' || issue.format === 'regex') return 'Invalid'
      return undefined
    default:
      return undefined
  }
}

/** Zod's English messages for issues the spec map leaves alone, unless a locale is already set. */
export function ensureEnglishLocale(): void {
  if (z.config().localeError) return
  // Built on the first issue that needs it: most parses succeed and never word an issue.
  let english: z.core.$ZodErrorMap | undefined
  z.config({ localeError: (issue) => (english ??= en().localeError)(issue) })
}

ensureEnglishLocale()

/**
 * Call before building a schema: zod without its JIT (it probes `new Function('')` at schema
 * creation, which a strict Content-Security-Policy without 'unsafe-eval' reports as a console
 * error in the host page), and zod's English messages (`zod/mini` registers no locale).
 */
export function prepareZod(): void {
  z.config({ jitless: true })
  ensureEnglishLocale()
}

/** Makes `specErrorMap` the process-wide zod error map (idempotent). */
export function installSpecErrorMap(): void {
  ensureEnglishLocale()
  z.config({ customError: specErrorMap })
}

/** The first issue's message of a failed parse, or undefined when it succeeded. */
export function firstIssueMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message
}
