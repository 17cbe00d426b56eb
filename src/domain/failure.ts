/**
 * A failure as state holds it and a view shows it: `code` names its words in the message catalogue,
 * `params` fill in their `{placeholders}`. State never holds English: the catalogue's `en` table
 * says it (the spec's words for the errors of section 8, pinned by the golden test), a language or
 * the host's own words replace it, and a view renders `t(code, params)`.
 */
export type FailureParams = Readonly<Record<string, string | number>>

export interface Failure {
  /** The catalogue key of the failure's words (`error.<CODE>` for an error of the catalogue). */
  readonly code: string
  readonly params?: FailureParams
}

/** `code` with `params` (none left out as an empty object, so equal failures compare equal). */
export function failure(code: string, params?: FailureParams): Failure {
  return params === undefined ? { code } : { code, params }
}

/** A thrown error of the catalogue (a DomainError) as a failure to show: its `error.<CODE>` key and its params. */
export function failureOf(error: { readonly code: string; readonly params?: FailureParams }): Failure {
  return failure(`error.${error.code}`, error.params)
}

/**
 * The outcome of a validator whose refusal a view shows by its code: the catalogue's key of its
 * words and what they fill in (their English is the spec's message, pinned by the golden test).
 */
export type Check = { readonly valid: true } | { readonly valid: false; readonly failure: Failure }

export function refused(code: string, params?: FailureParams): Check {
  return { valid: false, failure: failure(code, params) }
}
