import type { z } from 'zod/mini'

/** A query value; `undefined`, `null` and `''` are omitted, arrays are joined with commas. */
export type QueryValue = string | number | boolean | null | undefined | readonly string[]
export type Query = Readonly<Record<string, QueryValue>>

/** Which service, and who calls it: the identity every GET carries. */
export interface ServiceIdentity {
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
}

export interface GetOptions {
  readonly query?: Query
  /** Aborting rejects this caller with `signal.reason`; a shared fetch continues for the others. */
  readonly signal?: AbortSignal
  /**
   * `false`: one attempt only, for a call whose caller has its own retry rule (the balance call:
   * the spec blocks its retries for 30 s after a failure).
   */
  readonly retry?: boolean
}

export interface PostOptions extends GetOptions {
  /** Sent as JSON. */
  readonly body?: unknown
  /** More request headers (an Idempotency-Key). */
  readonly headers?: Readonly<Record<string, string>>
}

/** What the service adapters ask of an HTTP client (./fetch-http-client.ts says how it behaves). */
export interface HttpClient {
  /** The absolute URL a GET of `path` goes to, identity values included (e.g. for `<img src>`). */
  getUrl(path: string, query?: Query): string
  get<S extends z.ZodMiniType>(path: string, schema: S | Promise<S>, options?: GetOptions): Promise<z.output<S>>
  post<S extends z.ZodMiniType>(path: string, schema: S | Promise<S>, options?: PostOptions): Promise<z.output<S>>
}

/** A service's URLs: synchronous, with no request machinery, so that they cost the page little. */
export class ServiceUrls {
  readonly projectId: string
  readonly sdkType: string
  readonly sdkVersion: string
  private readonly base: string
  private readonly clientId: ServiceIdentity['clientId']

  constructor(identity: ServiceIdentity) {
    this.base = identity.baseUrl.replace(/\/+$/, '')
    this.projectId = identity.projectId
    this.sdkType = identity.sdkType ?? 'walletgate'
    this.sdkVersion = identity.sdkVersion
    this.clientId = identity.clientId
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
