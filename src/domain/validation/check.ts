import { failure, type Failure, type FailureParams } from '../failure'

/**
 * The outcome of a validator whose refusal a view shows by its code: the catalogue's key of its
 * words and what they fill in (their English is the spec's message, pinned by the golden test).
 */
export type Check = { readonly valid: true } | { readonly valid: false; readonly failure: Failure }

export function refused(code: string, params?: FailureParams): Check {
  return { valid: false, failure: failure(code, params) }
}
