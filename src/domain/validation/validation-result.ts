import { failure, type Failure, type FailureParams } from '../failure'

/** The outcome of a domain validator: valid, or the spec's exact message. */
export type Validation = { readonly valid: true } | { readonly valid: false; readonly message: string }

export const VALID: { readonly valid: true } = { valid: true }

export function invalid(message: string): Validation {
  return { valid: false, message }
}

/**
 * The outcome of a validator whose refusal a view shows by its code: the catalogue's key of its
 * words and what they fill in (their English is the spec's message, pinned by the golden test).
 */
export type Check = { readonly valid: true } | { readonly valid: false; readonly failure: Failure }

export function refused(code: string, params?: FailureParams): Check {
  return { valid: false, failure: failure(code, params) }
}
