/**
 * The typed failures every HTTP-backed port may reject with. They live with the ports (not the
 * adapters) so the application can tell them apart with `instanceof` without importing
 * infrastructure. A caller's own abort rejects with the caller's `signal.reason` (a DOMException
 * named `AbortError` unless the caller chose another reason), never with one of these.
 */

/** The service answered with a non-2xx status. `cause` is the untouched Response. */
export class HttpError extends Error {
  override readonly name = 'HttpError' as const
  readonly code = 'HTTP_ERROR' as const
  /** The HTTP status of the answer, e.g. 500 or 403. */
  readonly status: number
  /** The answer's body parsed as JSON, or its text, or undefined when it had none. */
  readonly body: unknown
  declare readonly cause: Response

  constructor(response: Response, body?: unknown) {
    super(`HTTP status code: ${response.status}`, { cause: response })
    this.status = response.status
    this.body = body
  }

  /**
   * The service's own words for the failure: `{message}` or, for the name service, the first
   * `{reasons:[{description}]}` entry. Undefined when the body carries neither.
   */
  get serviceMessage(): string | undefined {
    const body = this.body
    if (typeof body !== 'object' || body === null) return undefined
    const reasons = (body as { reasons?: unknown }).reasons
    if (Array.isArray(reasons)) {
      const first: unknown = reasons[0]
      if (typeof first === 'object' && first !== null) {
        const description = (first as { description?: unknown }).description
        if (typeof description === 'string' && description !== '') return description
      }
    }
    const message = (body as { message?: unknown }).message
    return typeof message === 'string' && message !== '' ? message : undefined
  }
}

/** The service answered 2xx but the body was not JSON or did not have the contract's shape. */
export class MalformedResponseError extends Error {
  override readonly name = 'MalformedResponseError' as const
  readonly code = 'MALFORMED_RESPONSE' as const
  /** Path of the request (without origin and query), e.g. `/v1/account/0xabc/balance`. */
  readonly path: string

  constructor(path: string, cause: unknown) {
    super(`Malformed response from ${path}`, { cause })
    this.path = path
  }
}

/** The request never got an answer: connection refused, DNS failure, offline (fetch rejected). */
export class ServiceUnreachableError extends Error {
  override readonly name = 'ServiceUnreachableError' as const
  readonly code = 'SERVICE_UNREACHABLE' as const
  readonly path: string

  constructor(path: string, cause: unknown) {
    super(`Service unreachable: ${path}`, { cause })
    this.path = path
  }
}

/**
 * The service did not answer within the client's time limit (a hang). Not an abort: views treat it
 * like any other service failure (calm words and "Try again"), never as "the visitor cancelled".
 * Its name is deliberately not `TimeoutError`, which {@link isAbortError} reads as an abort.
 */
export class ServiceTimeoutError extends Error {
  override readonly name = 'ServiceTimeoutError' as const
  readonly code = 'SERVICE_TIMEOUT' as const
  readonly path: string
  /** The limit that ran out, in milliseconds. */
  readonly timeoutMs: number

  constructor(path: string, timeoutMs: number) {
    super(`Service did not answer within ${timeoutMs} ms: ${path}`)
    this.path = path
    this.timeoutMs = timeoutMs
  }
}

/** Any failure of an HTTP-backed port other than the caller's own abort. */
export type ServiceError = HttpError | MalformedResponseError | ServiceUnreachableError | ServiceTimeoutError

/** True for the errors above; false for an abort and anything else. */
export function isServiceError(error: unknown): error is ServiceError {
  return (
    error instanceof HttpError ||
    error instanceof MalformedResponseError ||
    error instanceof ServiceUnreachableError ||
    error instanceof ServiceTimeoutError
  )
}

/** True when `error` is an abort (a DOMException or Error named `AbortError` or `TimeoutError`). */
export function isAbortError(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    ((error as { name: unknown }).name === 'AbortError' ||
      (error as { name: unknown }).name === 'TimeoutError')
  )
}
