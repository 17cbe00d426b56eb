/**
 * Form-validation messages as the spec words them (section 5): "Required" for a missing value
 * and "Expected X, received Y" for a wrong type. Zod 4 words these differently ("Invalid input:
 * expected string, received undefined"), so this error map restores the spec's wording.
 *
 * Always per parse (`schema.safeParse(value, { error: specIssueMessage })`), never through
 * `z.config()`: that is the host page's zod too, and creating a modal changes nothing global.
 * Messages set on a schema itself always win over this map.
 */
import type { z } from 'zod/mini'
import en from 'zod/v4/locales/en.js'
import { VALIDATION_MESSAGES, expectedReceivedMessage } from '../errors'
import { quote, receivedTypeName } from './plain-rules'

export { receivedTypeName }

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

let english: z.core.$ZodErrorMap | undefined

/**
 * The modal's wording for one parse: the spec's where it has one, zod's English for the rest
 * (`zod/mini` registers no locale, and the modal installs none: the host's zod stays as it was).
 * Pass it per parse: `schema.safeParse(value, { error: specIssueMessage })`.
 */
export const specIssueMessage: z.core.$ZodErrorMap = (issue) => specErrorMap(issue) ?? (english ??= en().localeError)(issue)

/** Builds zod schemas with zod's JIT off (a strict CSP): the wire contract's rule, used by the modal's own schemas too. */
export { withoutZodJit } from '../../wire/jit'

/** The first issue's message of a failed parse, or undefined when it succeeded. */
export function firstIssueMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | undefined {
  return result.success ? undefined : result.error?.issues[0]?.message
}
