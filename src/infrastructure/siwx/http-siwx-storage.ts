import type { SiwxSession } from '../../domain/entities'
import { siwxSessionSchema } from '../../wire/sign-in'
import type { authenticateBodySchema, WireInput } from '../../wire/requests'
import { isSessionCurrent } from '../../domain/siwx/siwx-rules'
import type { SiwxSessionFilter } from '../../domain/siwx/siwx-storage'
import type { Clock } from '../../ports/clock'
import { HttpError, MalformedResponseError, ServiceTimeoutError, ServiceUnreachableError } from '../../ports/http-errors'
import type { KeyValueStorage } from '../../ports/key-value-storage'
import type { SiwxNonces, SiwxStorage } from '../../ports/siwx'
import type { Timers } from '../http/fetch-http-client'
import { idempotentWrite } from '../http/idempotent-writes'
import { readServerTokens, SERVER_TOKENS_KEY as KEY, type ServerTokenEntry as TokenEntry } from './server-session-tokens'
/** A nonce as the port promises it: alphanumeric, at least 8 characters. */
const NONCE = /^[A-Za-z0-9]{8,128}$/

export interface HttpSiwxOptions {
  /** Where the auth API (`/auth/v1/...`, docs/service-api.md) lives, e.g. `https://app.example/api`. */
  readonly baseUrl: string
  /** Keeps the bearer tokens (the modal's key-value storage), so a reload keeps the visitor signed in. */
  readonly storage: KeyValueStorage
  readonly clock: Clock
  /** Time limit of one request, ms. */
  readonly timeoutMs: number
  /** Defaults to the global fetch (tests inject one). */
  readonly fetch?: typeof fetch
  /** Defaults to the global timers. */
  readonly timers?: Timers
}

/**
 * The auth API's requests. Every failure is a typed service error (ports/http-errors): a non-2xx
 * answer an HttpError, a body that is not the contract's shape a MalformedResponseError, no answer
 * a ServiceUnreachableError, no answer in time a ServiceTimeoutError.
 */
class AuthApi {
  private readonly baseUrl: string
  constructor(private readonly options: HttpSiwxOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '')
  }

  async call(method: 'GET' | 'POST', path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<unknown> {
    const { timeoutMs } = this.options
    const timers = this.options.timers ?? { setTimeout: (f: () => void, ms: number) => globalThis.setTimeout(f, ms), clearTimeout: (h: unknown) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>) }
    const controller = new AbortController()
    let timedOut = false
    const timer = timers.setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const headers: Record<string, string> = { ...init.headers }
    if (init.body !== undefined) headers['content-type'] = 'application/json'
    if (init.token !== undefined) headers.authorization = `Bearer ${init.token}`
    try {
      let response: Response
      try {
        response = await (this.options.fetch ?? globalThis.fetch)(`${this.baseUrl}${path}`, {
          method,
          headers,
          body: init.body === undefined ? null : JSON.stringify(init.body),
          signal: controller.signal,
        })
      } catch (error) {
        throw timedOut ? new ServiceTimeoutError(path, timeoutMs) : new ServiceUnreachableError(path, error)
      }
      let text: string
      try {
        text = await response.text()
      } catch (error) {
        throw timedOut ? new ServiceTimeoutError(path, timeoutMs) : new ServiceUnreachableError(path, error)
      }
      let body: unknown
      try {
        body = text === '' ? undefined : JSON.parse(text)
      } catch (error) {
        if (!response.ok) throw new HttpError(response, text)
        throw new MalformedResponseError(path, error)
      }
      if (!response.ok) throw new HttpError(response, body)
      return body
    } finally {
      timers.clearTimeout(timer)
    }
  }
}

function record(body: unknown, path: string): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new MalformedResponseError(path, body)
  return body as Record<string, unknown>
}

function sessionOf(body: unknown, path: string): SiwxSession {
  const parsed = siwxSessionSchema.safeParse(record(body, path).session)
  if (!parsed.success) throw new MalformedResponseError(path, parsed.error)
  return parsed.data as SiwxSession
}

const isUnauthorized = (error: unknown) => error instanceof HttpError && error.status === 401

/**
 * Sign-in sessions kept by the host's server through the auth API (docs/service-api.md): `add`
 * hands the signed message to `POST /auth/v1/authenticate`, which verifies it (signature, domain,
 * uri, its own nonce, chain, expiry) and answers a bearer token; the page keeps only the tokens (in
 * the modal's key-value storage, so a reload keeps the visitor signed in) and reads each session
 * back through `GET /auth/v1/me`. A token the server no longer knows (401) is forgotten; a session
 * expired or not yet valid is signed out and forgotten, as in the local storage.
 */
export class HttpSiwxStorage implements SiwxStorage {
  private readonly api: AuthApi

  constructor(private readonly options: HttpSiwxOptions) {
    this.api = new AuthApi(options)
  }

  async add(session: SiwxSession): Promise<void> {
    const path = '/auth/v1/authenticate'
    const body = { message: session.message, signature: session.signature, caipNetworkId: session.data.chainId, data: session.data } satisfies WireInput<typeof authenticateBodySchema>
    // Sent again with the same key if the answer is lost: the session the first try opened is
    // answered, where a plain retry would find its nonce spent.
    const answer = record(await idempotentWrite((headers) => this.api.call('POST', path, { body, headers }), this.options.timers === undefined ? {} : { timers: this.options.timers }), path)
    const token = answer.token
    if (typeof token !== 'string' || token === '') throw new MalformedResponseError(path, answer)
    const stored = sessionOf(answer, path)
    const key = { caipNetworkId: stored.data.chainId, address: stored.data.accountAddress }
    const entries = this.entries()
    const replaced = entries.filter((e) => matches(e, key))
    this.write([...entries.filter((e) => !matches(e, key)), { token, ...key }])
    // The replaced sessions are void on the server too; a failure there leaves only a dead token behind.
    await Promise.all(replaced.map((e) => this.signOut(e).catch(() => undefined)))
  }

  async get(filter: SiwxSessionFilter = {}): Promise<SiwxSession[]> {
    const wanted = this.entries().filter((e) => matches(e, filter))
    const read = await Promise.all(
      wanted.map(async (entry) => {
        try {
          return { entry, session: sessionOf(await this.api.call('GET', '/auth/v1/me', { token: entry.token }), '/auth/v1/me') }
        } catch (error) {
          if (isUnauthorized(error)) return { entry, session: undefined }
          throw error
        }
      }),
    )
    const now = this.options.clock.now()
    const stale = new Set(read.filter((r) => r.session === undefined || !isSessionCurrent(r.session, now)).map((r) => r.entry.token))
    if (stale.size > 0) {
      this.write(this.entries().filter((e) => !stale.has(e.token)))
      await Promise.all(wanted.filter((e) => stale.has(e.token)).map((e) => this.signOut(e).catch(() => undefined)))
    }
    return read.flatMap((r) => (r.session !== undefined && !stale.has(r.entry.token) ? [r.session] : []))
  }

  async delete(filter: SiwxSessionFilter = {}): Promise<void> {
    const doomed = this.entries().filter((e) => matches(e, filter))
    const results = await Promise.allSettled(doomed.map((e) => this.signOut(e)))
    // A token the server could not void is kept, so a later sign-out can try again.
    const voided = new Set(doomed.filter((_, i) => results[i]?.status === 'fulfilled').map((e) => e.token))
    // Read again after the wait: entries are compared by token (another call may have written meanwhile).
    this.write(this.entries().filter((e) => !voided.has(e.token)))
    const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected')
    if (failed !== undefined) throw failed.reason
  }

  private async signOut(entry: TokenEntry): Promise<void> {
    try {
      await this.api.call('POST', '/auth/v1/sign-out', { token: entry.token })
    } catch (error) {
      if (!isUnauthorized(error)) throw error
    }
  }

  private entries(): TokenEntry[] {
    return readServerTokens(this.options.storage)
  }

  private write(entries: readonly TokenEntry[]): void {
    if (entries.length === 0) this.options.storage.remove(KEY)
    else this.options.storage.set(KEY, JSON.stringify(entries))
  }
}

/** The same match as the sessions' own (addresses case-insensitive), on what the page kept. */
function matches(entry: TokenEntry, filter: SiwxSessionFilter): boolean {
  return (
    (filter.caipNetworkId === undefined || entry.caipNetworkId === filter.caipNetworkId) &&
    (filter.address === undefined || entry.address.toLowerCase() === filter.address.toLowerCase())
  )
}

/** Nonces the host's server issues (`POST /auth/v1/nonce`): it accepts only messages carrying one of its own. */
export class HttpSiwxNonces implements SiwxNonces {
  private readonly api: AuthApi

  constructor(options: HttpSiwxOptions) {
    this.api = new AuthApi(options)
  }

  async next(): Promise<string> {
    const path = '/auth/v1/nonce'
    const nonce = record(await this.api.call('POST', path), path).nonce
    if (typeof nonce !== 'string' || !NONCE.test(nonce)) throw new MalformedResponseError(path, nonce)
    return nonce
  }
}
