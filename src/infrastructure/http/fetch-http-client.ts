import type { z } from 'zod/mini'
import {
  SERVICE_REQUEST_TIMEOUT_MS,
  SERVICE_RETRY_BASE_DELAY_MS,
  SERVICE_RETRY_COUNT,
} from '../../domain/constants'
import {
  HttpError,
  MalformedResponseError,
  ServiceTimeoutError,
  ServiceUnreachableError,
} from '../../ports/http-errors'
import type { Timers } from './get-retries'
import { ServiceUrls, type GetOptions, type HttpClient, type PostOptions, type ServiceIdentity } from './service-urls'

export type { GetOptions, HttpClient, PostOptions, Query, QueryValue, ServiceIdentity } from './service-urls'

/** A query value; `undefined`, `null` and `''` are omitted, arrays are joined with commas. */
export interface FetchHttpClientOptions extends ServiceIdentity {
  /** The fetch to use; defaults to the global one (tests inject their own). */
  readonly fetch?: typeof fetch
  /** Time limit of one attempt (answer and body), ms; defaults to 10 s (`SERVICE_REQUEST_TIMEOUT_MS`). */
  readonly timeoutMs?: number
  /** Retries of a GET after a transient failure; defaults to 2 (`SERVICE_RETRY_COUNT`). */
  readonly retries?: number
  /** Delay before the first GET retry, doubled for each next one; defaults to 250 ms. */
  readonly retryDelayMs?: number
  /** The timers for time limits and retry delays; defaults to the global ones (tests inject their own). */
  readonly timers?: Timers
}

/** Declared with the retries (a type only: the page does not load that module for it). */
export type { Timers }

const GLOBAL_TIMERS: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
}

interface Flight {
  readonly promise: Promise<RawAnswer>
  readonly controller: AbortController
  waiters: number
}

/** What a request resolves to before it is parsed with the caller's schema. */
type RawAnswer = { readonly path: string; readonly value: unknown }

const SHARED_ABORT = 'walletgate: every caller of a shared request aborted'

/**
 * The one HTTP client of the modal, over `fetch`.
 *
 * - Every GET carries `projectId`, `st`, `sv` and `clientId` (when set); empty values are omitted.
 * - A non-2xx answer rejects with {@link HttpError} (`HTTP status code: <status>`, Response as cause).
 * - Every answer is parsed with the caller's zod schema; a body that is not JSON or does not match
 *   rejects with {@link MalformedResponseError}. A fetch that fails to connect rejects with
 *   {@link ServiceUnreachableError}. Nothing else escapes.
 * - Identical concurrent GETs share one fetch. A caller aborting rejects only that caller (with its
 *   `signal.reason`) at once; the shared fetch is cancelled only once every caller has aborted.
 * - Every request (GET and POST) has a time limit per attempt, 10 s by default (`timeoutMs`),
 *   covering the answer and its body: a service that hangs rejects with {@link ServiceTimeoutError}.
 * - A GET (idempotent) is retried after a quick transient failure: the service unreachable or a
 *   408, 429, 500, 502, 503 or 504 answer. 2 retries by default, after 250 ms then 500 ms
 *   (exponential backoff), so at most 3 attempts. A time-out is not retried: the visitor has
 *   already waited the whole limit, so a hang costs at most `timeoutMs` before the error shows.
 *   A POST is never retried (it may not be safe to send twice).
 */
export class FetchHttpClient extends ServiceUrls implements HttpClient {
  private readonly fetchFn: typeof fetch
  private readonly timeoutMs: number
  private readonly retries: number
  private readonly retryDelayMs: number
  private readonly timers: Timers
  private readonly inFlight = new Map<string, Flight>()

  constructor(options: FetchHttpClientOptions) {
    super(options)
    // Bound so a browser's fetch is never called with a foreign `this`.
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
    this.timeoutMs = options.timeoutMs ?? SERVICE_REQUEST_TIMEOUT_MS
    this.retries = options.retries ?? SERVICE_RETRY_COUNT
    this.retryDelayMs = options.retryDelayMs ?? SERVICE_RETRY_BASE_DELAY_MS
    this.timers = options.timers ?? GLOBAL_TIMERS
  }

  /**
   * GET `path`, parsed with `schema`. Identical concurrent GETs share one fetch. The schema may
   * still be loading (a dynamic import): the request does not wait for it.
   */
  async get<S extends z.ZodMiniType>(path: string, schema: S | Promise<S>, options: GetOptions = {}): Promise<z.output<S>> {
    const loading = Promise.resolve(schema)
    // A failed request is the error to report; a schema that then fails to load is not another one.
    loading.catch(() => undefined)
    const url = this.getUrl(path, options.query)
    const raw = await this.shared(url, options.signal, (signal) =>
      this.withRetries(signal, options.retry === false ? 0 : this.retries, (attempt) =>
        this.attempt(path, attempt, (bounded) =>
          this.send(path, url, { method: 'GET', headers: { accept: 'application/json' }, signal: bounded }),
        ),
      ),
    )
    return parse(await loading, raw)
  }

  /**
   * POST `body` as JSON to `path` with exactly `query` (no identity values are added). The schema
   * may still be loading: the request does not wait for it.
   */
  async post<S extends z.ZodMiniType>(path: string, schema: S | Promise<S>, options: PostOptions = {}): Promise<z.output<S>> {
    const loading = Promise.resolve(schema)
    loading.catch(() => undefined)
    const url = this.url(path, options.query)
    const body = JSON.stringify(options.body ?? {})
    options.signal?.throwIfAborted()
    const raw = await this.attempt(path, options.signal, (signal) =>
      this.send(path, url, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', ...options.headers },
        body,
        signal,
      }),
    )
    return parse(await loading, raw)
  }

  /**
   * Runs `request`, and again after a retryable failure (./get-retries, loaded only once a GET has
   * failed). `signal` aborting (every caller left) stops at once, waiting or not.
   */
  private async withRetries(
    signal: AbortSignal,
    retries: number,
    request: (signal: AbortSignal) => Promise<RawAnswer>,
  ): Promise<RawAnswer> {
    try {
      return await request(signal)
    } catch (error) {
      // Only an HTTP status or an unreachable service may be worth asking again (never a time-out).
      if (retries === 0 || signal.aborted || !(error instanceof HttpError || error instanceof ServiceUnreachableError)) {
        throw error
      }
      // Should the module not load (offline), the failure to report is still the request's own.
      const { retryAfter } = await import('./get-retries').catch(() => {
        throw error
      })
      return retryAfter(error, {
        retries,
        retryDelayMs: this.retryDelayMs,
        timers: this.timers,
        signal,
        attempt: () => request(signal),
      })
    }
  }

  /**
   * One attempt with the time limit: rejects with {@link ServiceTimeoutError} when `request` has not
   * settled after `timeoutMs` (even if the fetch ignores its signal), and with `outer`'s reason the
   * moment `outer` aborts. Either way the attempt's own signal is aborted, so the fetch stops.
   */
  private attempt(
    path: string,
    outer: AbortSignal | undefined,
    request: (signal: AbortSignal) => Promise<RawAnswer>,
  ): Promise<RawAnswer> {
    if (outer?.aborted) return Promise.reject(outer.reason as unknown)
    const controller = new AbortController()
    return new Promise<RawAnswer>((resolve, reject) => {
      const finish = () => {
        this.timers.clearTimeout(timer)
        outer?.removeEventListener('abort', onOuterAbort)
      }
      const stop = (reason: unknown) => {
        finish()
        controller.abort(reason)
        reject(reason)
      }
      const onOuterAbort = () => stop(outer?.reason)
      const timer = this.timers.setTimeout(() => stop(new ServiceTimeoutError(path, this.timeoutMs)), this.timeoutMs)
      outer?.addEventListener('abort', onOuterAbort, { once: true })
      request(controller.signal).then(
        (answer) => {
          finish()
          resolve(answer)
        },
        (error: unknown) => {
          finish()
          reject(error)
        },
      )
    })
  }

  private async send(path: string, url: string, init: RequestInit): Promise<RawAnswer> {
    let response: Response
    try {
      response = await this.fetchFn(url, init)
    } catch (error) {
      if (init.signal?.aborted) throw init.signal.reason
      throw new ServiceUnreachableError(path, error)
    }
    if (!response.ok) {
      const body = await readErrorBody(response)
      throw new HttpError(response, body)
    }
    let text: string
    try {
      text = await response.text()
    } catch (error) {
      if (init.signal?.aborted) throw init.signal.reason
      throw new ServiceUnreachableError(path, error)
    }
    if (text.trim() === '') return { path, value: undefined }
    try {
      return { path, value: JSON.parse(text) as unknown }
    } catch (error) {
      throw new MalformedResponseError(path, error)
    }
  }

  /**
   * Joins `key`'s in-flight request or starts it. The caller's own signal only detaches that caller;
   * the shared request is aborted when its last caller leaves.
   */
  private shared(
    key: string,
    signal: AbortSignal | undefined,
    start: (signal: AbortSignal) => Promise<RawAnswer>,
  ): Promise<RawAnswer> {
    if (signal?.aborted) return Promise.reject(signal.reason as unknown)
    let flight = this.inFlight.get(key)
    if (!flight) {
      const controller = new AbortController()
      const promise = start(controller.signal)
      const created: Flight = { promise, controller, waiters: 0 }
      const forget = () => {
        if (this.inFlight.get(key) === created) this.inFlight.delete(key)
      }
      promise.then(forget, forget)
      this.inFlight.set(key, created)
      flight = created
    }
    const joined = flight
    joined.waiters += 1
    return new Promise<RawAnswer>((resolve, reject) => {
      let done = false
      const leave = () => {
        done = true
        joined.waiters -= 1
        signal?.removeEventListener('abort', onAbort)
      }
      const onAbort = () => {
        if (done) return
        leave()
        if (joined.waiters === 0) {
          if (this.inFlight.get(key) === joined) this.inFlight.delete(key)
          joined.controller.abort(new DOMException(SHARED_ABORT, 'AbortError'))
        }
        reject(signal?.reason as unknown)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      joined.promise.then(
        (value) => {
          if (done) return
          leave()
          resolve(value)
        },
        (error: unknown) => {
          if (done) return
          leave()
          reject(error)
        },
      )
    })
  }
}

async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const text = await response.clone().text()
    if (text.trim() === '') return undefined
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  } catch {
    return undefined
  }
}

/**
 * Parses with the modal's wording for the issues (the spec's, then zod's English), per parse: the
 * modal sets no zod error map for the page. The wording module is zod's, so it is imported here
 * on demand (already loaded by then: the schema's module imports it) and not with the page.
 */
async function parse<S extends z.ZodMiniType>(schema: S, raw: RawAnswer): Promise<z.output<S>> {
  const { specIssueMessage } = await import('../../domain/validation/zod-error-map')
  const result = schema.safeParse(raw.value, { error: specIssueMessage })
  if (!result.success) throw new MalformedResponseError(raw.path, result.error)
  return result.data
}
