/**
 * Writes the service applies once however often they are sent (docs/service-api.md): each carries
 * an `Idempotency-Key` made once per write, and a write whose answer was lost (the service
 * unreachable, a 5xx, a rate limit, or 409 while the first try still runs) is sent again with the
 * same key, so a name registered, or a sign-in session opened, before the answer got lost is
 * answered as the first try was instead of failing ("Name is already taken", "Unknown or used
 * nonce"). Loaded with the flows that write, never with the page.
 */
import { HttpError } from '../../ports/http-errors'
import { isRetryable, retryAfter, type Timers } from './get-retries'

export const IDEMPOTENCY_HEADER = 'idempotency-key'
/** Tries after the first, and the wait before the first of them (doubled for each next). */
export const WRITE_RETRIES = 3
export const WRITE_RETRY_DELAY_MS = 400

// Its own copy of the client's global timers: importing them from ./fetch-http-client drew the
// retries into the page's first script (measured: +812 bytes gzip before open).
const GLOBAL_TIMERS: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** A fresh key: 128 random bits, as the service requires at least. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto
  if (typeof c.randomUUID === 'function') return c.randomUUID()
  return Array.from(c.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('')
}

export interface WriteOptions {
  readonly signal?: AbortSignal | undefined
  readonly timers?: Timers
}

/** Runs `write` with one key, again with the same key after a failure worth retrying. */
export async function idempotentWrite<T>(write: (headers: Record<string, string>) => Promise<T>, options: WriteOptions = {}): Promise<T> {
  const headers = { [IDEMPOTENCY_HEADER]: newIdempotencyKey() }
  const signal = options.signal ?? new AbortController().signal
  try {
    return await write(headers)
  } catch (error) {
    return retryAfter(error, {
      retries: WRITE_RETRIES,
      retryDelayMs: WRITE_RETRY_DELAY_MS,
      timers: options.timers ?? GLOBAL_TIMERS,
      signal,
      attempt: () => write(headers),
      retryable: (failure) => isRetryable(failure) || (failure instanceof HttpError && failure.status === 409),
    })
  }
}
