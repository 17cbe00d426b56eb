import { HttpError, ServiceUnreachableError } from '../../ports/http-errors'

/**
 * The retries of a GET, loaded the first time a GET fails (never on the happy path, so not with
 * the page): whether the failure is worth asking again for, and the backoff between attempts.
 */

/**
 * Statuses worth asking again for: the service said it is briefly unable (timeout at its gateway,
 * rate limit, overload). Any other answer would come back the same.
 */
const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504])

/** A quick transient failure: the service unreachable, or a status that says "busy, ask again". */
export function isRetryable(error: unknown): boolean {
  return (
    error instanceof ServiceUnreachableError || (error instanceof HttpError && RETRYABLE_STATUSES.has(error.status))
  )
}

/** The two timer functions the HTTP client needs, injectable so tests drive time themselves. */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface RetryOptions<T> {
  /** Further attempts allowed after the first. */
  readonly retries: number
  /** Delay before the first retry, doubled for each next one. */
  readonly retryDelayMs: number
  readonly timers: Timers
  /** Aborting stops at once, waiting or not, with the signal's reason. */
  readonly signal: AbortSignal
  readonly attempt: () => Promise<T>
  /** Whether a failure is worth asking again for; defaults to {@link isRetryable}. */
  readonly retryable?: (error: unknown) => boolean
}

/**
 * After the first attempt failed with `error`: waits `retryDelayMs * 2^n` and makes attempt n+2,
 * while the failure is retryable and retries are left; rejects with the last failure otherwise.
 */
export async function retryAfter<T>(error: unknown, options: RetryOptions<T>): Promise<T> {
  let last = error
  const retryable = options.retryable ?? isRetryable
  for (let retry = 0; retry < options.retries && retryable(last) && !options.signal.aborted; retry++) {
    await delay(options.retryDelayMs * 2 ** retry, options.timers, options.signal)
    try {
      return await options.attempt()
    } catch (failure) {
      last = failure
    }
  }
  throw last
}

function delay(ms: number, timers: Timers, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      timers.clearTimeout(timer)
      reject(signal.reason as unknown)
    }
    const timer = timers.setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
