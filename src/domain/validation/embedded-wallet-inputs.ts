/**
 * Embedded-wallet inputs (spec section 5): a well-formed email, an otp string, a social provider
 * among google, github, apple, facebook, x, discord, a theme mode light or dark, and a to address
 * starting with 0x on each call of a send-calls request.
 */
import { z } from 'zod/mini'
import { SOCIAL_PROVIDERS, type SocialProvider, type ThemeMode } from '../entities'
import { VALIDATION_MESSAGES } from '../errors'
import { specIssueMessage } from './zod-error-map'
import { VALID, invalid, type Validation } from './validation-result'

export const embeddedEmailSchema = z.email({ error: VALIDATION_MESSAGES.invalidEmail })
export const embeddedOtpSchema = z.string()
export const embeddedSocialProviderSchema = z.enum(SOCIAL_PROVIDERS, {
  error: VALIDATION_MESSAGES.invalidSocialProvider,
})
export const embeddedThemeModeSchema = z.enum(['light', 'dark'], { error: VALIDATION_MESSAGES.invalidThemeMode })

export const sendCallSchema = z.object({
  to: z.string().check(z.startsWith('0x', { error: VALIDATION_MESSAGES.invalidCallTarget })),
  data: z.optional(z.string()),
  value: z.optional(z.string()),
})
export const sendCallsSchema = z.object({ calls: z.array(sendCallSchema) })

function check(schema: z.ZodMiniType, value: unknown): Validation {
  const result = schema.safeParse(value, { error: specIssueMessage })
  return result.success ? VALID : invalid(result.error.issues[0]?.message ?? VALIDATION_MESSAGES.required)
}

export function validateEmail(value: unknown): Validation {
  return typeof value === 'string' ? check(embeddedEmailSchema, value) : check(z.string(), value)
}

export function validateOtp(value: unknown): Validation {
  return check(embeddedOtpSchema, value)
}

export function isSocialProvider(value: unknown): value is SocialProvider {
  return embeddedSocialProviderSchema.safeParse(value).success
}

export function validateSocialProvider(value: unknown): Validation {
  return check(embeddedSocialProviderSchema, value)
}

export function isThemeMode(value: unknown): value is ThemeMode {
  return embeddedThemeModeSchema.safeParse(value).success
}

export function validateThemeMode(value: unknown): Validation {
  return check(embeddedThemeModeSchema, value)
}

export function validateSendCalls(value: unknown): Validation {
  return check(sendCallsSchema, value)
}
