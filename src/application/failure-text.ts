import { isDomainError } from '../domain/domain-error'
import { isServiceError } from '../ports/http-errors'

/**
 * What a view says when one of the modal's services failed: a 500, a hang that ran out its time
 * limit, an unreachable service and an answer of the wrong shape all read the same, because the
 * visitor's next step is the same ("Try again").
 */
export const SERVICE_FAILURE_TEXT = 'The service is not responding right now. Please try again in a moment.'

/** What a view says about a failure it cannot name. */
export const UNKNOWN_FAILURE_TEXT = 'Something went wrong. Please try again.'

/**
 * Plain words for `error` on screen. Never the raw HTTP text ("HTTP status code: 500") nor a URL
 * path: a service failure reads {@link SERVICE_FAILURE_TEXT}; an error of the catalogue keeps the
 * spec's own words; anything else reads `fallback`.
 */
export function failureText(error: unknown, fallback: string = UNKNOWN_FAILURE_TEXT): string {
  if (isServiceError(error)) return SERVICE_FAILURE_TEXT
  if (isDomainError(error) && error.message !== '') return error.message
  return fallback
}
