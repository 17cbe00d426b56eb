/**
 * Email login cooldown (spec sections 8 and 9): after an email login request, another one within
 * 30 s is refused with "Please try again after N seconds", N = remaining ms / 1000 rounded up.
 * Clock-free: the last request time is what the application stores (local storage key
 * `lastEmailLoginTime`).
 */
import { EMAIL_LOGIN_COOLDOWN_MS } from '../constants'
import { EmailLoginCooldownError } from '../errors'

export type EmailLoginCheck =
  | { readonly allowed: true }
  | { readonly allowed: false; readonly remainingMs: number; readonly error: EmailLoginCooldownError }

export function emailCooldownRemainingMs(lastEmailLoginAtMs: number | undefined, nowMs: number): number {
  if (lastEmailLoginAtMs === undefined) return 0
  return Math.max(0, lastEmailLoginAtMs + EMAIL_LOGIN_COOLDOWN_MS - nowMs)
}

export function checkEmailLogin(lastEmailLoginAtMs: number | undefined, nowMs: number): EmailLoginCheck {
  const remainingMs = emailCooldownRemainingMs(lastEmailLoginAtMs, nowMs)
  if (remainingMs <= 0) return { allowed: true }
  return { allowed: false, remainingMs, error: new EmailLoginCooldownError(Math.ceil(remainingMs / 1000)) }
}
