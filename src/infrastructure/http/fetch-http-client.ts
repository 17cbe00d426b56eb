import type { z } from 'zod/mini'
import { HttpError, MalformedResponseError, ServiceUnreachableError } from '../../ports/http-errors'

/** A query value; `undefined`, `null` and `''` are omitted, arrays are joined with commas. */
export type QueryValue = string | number | boolean | null | undefined | readonly string[]
export type Query = Readonly<Record<string, QueryValue>>

export interface FetchHttpClientOptions {
  /** Origin (and optional base path) of the service, e.g. `http://127.0.0.1:8787`. */
  readonly baseUrl: string
  /** The host's project id; sent on every GET as `projectId`. */
  readonly projectId: string
  /** The sdk version sent as `sv`, e.g. `walletgate-0.1.0`. */
  readonly sdkVersion: string
  /** The sdk type sent as `st`; defaults to `walletgate`. */
  readonly sdkType?: string
  /** A client id sent as `clientId` when set; read at every request, so it may change later. */
  readonly clientId?: string | (() => string | null | undefined)
  /** The fetch to use; defaults to the global one (tests inject their own). */
  readonly fetch?: typeof fetch
}

export interface GetOptions {
  readonly query?: Query
  /** Aborting rejects this caller with `signal.reason`; a shared fetch continues for the others. */
  readonly signal?: AbortSignal
}

export interface PostOptions extends GetOptions {
  /** Sent as JSON. */
  readonly body?: unknown
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
 *   `signal.reason`); the shared fetch is cancelled only once every caller has aborted.
 */
export class FetchHttpClient {
  readonly projectId: string
  readonly sdkType: string
  readonly sdkVersion: string
  private readonly base: string
  private readonly clientId: FetchHttpClientOptions['clientId']
  private readonly fetchFn: typeof fetch
  private readonly inFlight = new Map<string, Flight>()

  constructor(options: FetchHttpClientOptions) {
    this.base = options.baseUrl.replace(/\/+$/, '')
    this.projectId = options.projectId
    this.sdkType = options.sdkType ?? 'walletgate'
    this.sdkVersion = options.sdkVersion
    this.clientId = options.clientId
    // Bound so a browser's fetch is never called with a foreign `this`.
    this.fetchFn = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  }

  /** The query every GET carries: projectId, st, sv and clientId when set. */
  identityQuery(): Query {
    const clientId = typeof this.clientId === 'function' ? this.clientId() : this.clientId
    return { projectId: this.projectId, st: this.sdkType, sv: this.sdkVersion, clientId }
  }

  /** The absolute URL of `path` with `query` (empty values omitted), without identity values. */
  url(path: string, query: Query = {}): string {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) {
      const text = queryText(value)
      if (text !== undefined) search.append(key, text)
    }
    const qs = search.toString()
    return `${this.base}${path.startsWith('/') ? path : `/${path}`}${qs === '' ? '' : `?${qs}`}`
  }

  /** The absolute URL a GET of `path` goes to, identity values included (e.g. for `<img src>`). */
  getUrl(path: string, query: Query = {}): string {
    return this.url(path, { ...query, ...this.identityQuery() })
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
      this.send(path, url, { method: 'GET', headers: { accept: 'application/json' }, signal }),
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
    const init: RequestInit = {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(options.body ?? {}),
    }
    if (options.signal) init.signal = options.signal
    options.signal?.throwIfAborted()
    const raw = await this.send(path, url, init)
    return parse(await loading, raw)
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

function queryText(value: QueryValue): string | undefined {
  if (value === undefined || value === null) return undefined
  if (Array.isArray(value)) {
    const joined = (value as readonly string[]).filter((v) => v !== '').join(',')
    return joined === '' ? undefined : joined
  }
  const text = String(value as string | number | boolean)
  return text === '' ? undefined : text
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
