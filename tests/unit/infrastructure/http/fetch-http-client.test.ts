import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { FetchHttpClient } from '../../../../src/infrastructure/http/fetch-http-client'
import {
  HttpError,
  MalformedResponseError,
  ServiceTimeoutError,
  ServiceUnreachableError,
  isAbortError,
  isServiceError,
} from '../../../../src/ports/http-errors'

interface Call {
  readonly url: URL
  readonly init: RequestInit | undefined
  respond(response: Response): void
  fail(error: unknown): void
}

/** A fetch whose answers the test hands out one by one; it honours the request's signal. */
function controlledFetch() {
  const calls: Call[] = []
  const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) =>
    new Promise<Response>((resolve, reject) => {
      const signal = init?.signal
      signal?.addEventListener('abort', () => reject(signal.reason as unknown), { once: true })
      calls.push({
        url: new URL(String(input)),
        init,
        respond: resolve,
        fail: reject,
      })
    })) as typeof fetch
  return { calls, fetchFn }
}

const json = (value: unknown, status = 200) =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } })

const answerSchema = z.object({ answer: z.number() })

/** One attempt per request: these tests look at what a single answer turns into. */
function client(fetchFn: typeof fetch, clientId?: string) {
  return new FetchHttpClient({
    baseUrl: 'http://service.test/',
    projectId: 'p1',
    sdkVersion: 'walletgate-0.1.0',
    ...(clientId === undefined ? {} : { clientId }),
    fetch: fetchFn,
    retries: 0,
  })
}

/** Lets pending promise callbacks run. */
const flush = () => new Promise<void>((resolve) => setImmediate(resolve))

describe('FetchHttpClient', () => {
  it('adds projectId, st, sv and clientId to every GET and omits empty values', async () => {
    const { calls, fetchFn } = controlledFetch()
    const pending = client(fetchFn, 'c-9').get('/v1/x', answerSchema, {
      query: { chainId: 'eip155:1', cursor: '', onramp: undefined, list: ['a', 'b'], force: true },
    })
    await flush()
    const call = calls[0]!
    call.respond(json({ answer: 1 }))
    await expect(pending).resolves.toEqual({ answer: 1 })
    expect(call.url.origin + call.url.pathname).toBe('http://service.test/v1/x')
    expect(Object.fromEntries(call.url.searchParams)).toEqual({
      chainId: 'eip155:1',
      list: 'a,b',
      force: 'true',
      projectId: 'p1',
      st: 'walletgate',
      sv: 'walletgate-0.1.0',
      clientId: 'c-9',
    })
  })

  it('leaves clientId out when none is set', async () => {
    const { calls, fetchFn } = controlledFetch()
    const pending = client(fetchFn).get('/v1/x', answerSchema)
    await flush()
    calls[0]!.respond(json({ answer: 2 }))
    await pending
    expect(calls[0]!.url.searchParams.has('clientId')).toBe(false)
  })

  it('rejects a non-2xx answer with HttpError "HTTP status code: <status>" keeping the Response as cause', async () => {
    const { calls, fetchFn } = controlledFetch()
    const pending = client(fetchFn).get('/v1/x', answerSchema)
    await flush()
    calls[0]!.respond(json({ message: 'boom' }, 500))
    const error: unknown = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(HttpError)
    const httpError = error as HttpError
    expect(httpError.message).toBe('HTTP status code: 500')
    expect(httpError.status).toBe(500)
    expect(httpError.cause).toBeInstanceOf(Response)
    expect(httpError.cause.status).toBe(500)
    expect(httpError.serviceMessage).toBe('boom')
    // The cause is still readable by whoever handles the error.
    await expect(httpError.cause.json()).resolves.toEqual({ message: 'boom' })
  })

  it('reads the first name-service reason as the service message', async () => {
    const { calls, fetchFn } = controlledFetch()
    const pending = client(fetchFn).post('/v1/profile/account', answerSchema, { body: {} })
    await flush()
    calls[0]!.respond(json({ reasons: [{ description: 'Name taken' }, { description: 'x' }] }, 400))
    const error = (await pending.catch((e: unknown) => e)) as HttpError
    expect(error.message).toBe('HTTP status code: 400')
    expect(error.serviceMessage).toBe('Name taken')
  })

  it('turns a body that is not JSON into MalformedResponseError', async () => {
    const { calls, fetchFn } = controlledFetch()
    const pending = client(fetchFn).get('/v1/x', answerSchema)
    await flush()
    calls[0]!.respond(new Response('{"answer": 1', { status: 200 }))
    const error = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(MalformedResponseError)
    expect((error as MalformedResponseError).path).toBe('/v1/x')
  })

  it('turns JSON of the wrong shape into MalformedResponseError', async () => {
    const { calls, fetchFn } = controlledFetch()
    const pending = client(fetchFn).get('/v1/x', answerSchema)
    await flush()
    calls[0]!.respond(json({ answer: 'one' }))
    await expect(pending).rejects.toBeInstanceOf(MalformedResponseError)
  })

  it("words a wrong shape's issues in the spec's terms, without a global zod error map", async () => {
    const { calls, fetchFn } = controlledFetch()
    const pending = client(fetchFn).get('/v1/x', answerSchema)
    await flush()
    calls[0]!.respond(json({}))
    const error = (await pending.catch((e: unknown) => e)) as MalformedResponseError
    expect((error.cause as z.core.$ZodError).issues.map((issue) => issue.message)).toEqual(['Required'])
  })

  it('sends a GET before its schema has loaded, and parses once it has', async () => {
    const { calls, fetchFn } = controlledFetch()
    let loaded!: (schema: typeof answerSchema) => void
    const schema = new Promise<typeof answerSchema>((resolve) => (loaded = resolve))
    const pending = client(fetchFn).get('/v1/x', schema)
    await flush()
    expect(calls).toHaveLength(1)
    calls[0]!.respond(json({ answer: 42 }))
    await flush()
    loaded(answerSchema)
    await expect(pending).resolves.toEqual({ answer: 42 })
  })

  it("reports a failed GET's own error when its schema then fails to load too", async () => {
    const { calls, fetchFn } = controlledFetch()
    let failLoading!: (error: Error) => void
    const schema = new Promise<typeof answerSchema>((_, reject) => (failLoading = reject))
    const pending = client(fetchFn).get('/v1/x', schema)
    await flush()
    calls[0]!.fail(new TypeError('fetch failed'))
    await expect(pending).rejects.toBeInstanceOf(ServiceUnreachableError)
    failLoading(new Error('chunk failed'))
    await flush()
  })

  it('turns a failed connection into ServiceUnreachableError', async () => {
    const { calls, fetchFn } = controlledFetch()
    const pending = client(fetchFn).get('/v1/x', answerSchema)
    await flush()
    calls[0]!.fail(new TypeError('fetch failed'))
    await expect(pending).rejects.toBeInstanceOf(ServiceUnreachableError)
  })

  it('makes one fetch for two concurrent identical GETs', async () => {
    const { calls, fetchFn } = controlledFetch()
    const http = client(fetchFn)
    const first = http.get('/v1/x', answerSchema, { query: { a: '1' } })
    const second = http.get('/v1/x', answerSchema, { query: { a: '1' } })
    await flush()
    expect(calls).toHaveLength(1)
    calls[0]!.respond(json({ answer: 42 }))
    await expect(first).resolves.toEqual({ answer: 42 })
    await expect(second).resolves.toEqual({ answer: 42 })
  })

  it('keeps the other caller\'s answer intact when one caller aborts a shared GET', async () => {
    const { calls, fetchFn } = controlledFetch()
    const http = client(fetchFn)
    const leaving = new AbortController()
    const aborted = http.get('/v1/x', answerSchema, { signal: leaving.signal })
    const staying = http.get('/v1/x', answerSchema)
    await flush()
    expect(calls).toHaveLength(1)
    leaving.abort()
    const abortError = await aborted.catch((e: unknown) => e)
    expect((abortError as Error).name).toBe('AbortError')
    // The shared fetch was not cancelled for the caller that stayed.
    expect(calls[0]!.init?.signal?.aborted).toBe(false)
    calls[0]!.respond(json({ answer: 7 }))
    await expect(staying).resolves.toEqual({ answer: 7 })
  })

  it('cancels the shared fetch once every caller has aborted, and starts afresh afterwards', async () => {
    const { calls, fetchFn } = controlledFetch()
    const http = client(fetchFn)
    const one = new AbortController()
    const two = new AbortController()
    const a = http.get('/v1/x', answerSchema, { signal: one.signal })
    const b = http.get('/v1/x', answerSchema, { signal: two.signal })
    await flush()
    one.abort(new DOMException('mine', 'AbortError'))
    expect(calls[0]!.init?.signal?.aborted).toBe(false)
    two.abort()
    await expect(a).rejects.toMatchObject({ name: 'AbortError', message: 'mine' })
    await expect(b).rejects.toMatchObject({ name: 'AbortError' })
    expect(calls[0]!.init?.signal?.aborted).toBe(true)
    const c = http.get('/v1/x', answerSchema)
    await flush()
    expect(calls).toHaveLength(2)
    calls[1]!.respond(json({ answer: 3 }))
    await expect(c).resolves.toEqual({ answer: 3 })
  })

  it('does not share GETs that differ in their query, nor a GET that starts after the first settled', async () => {
    const { calls, fetchFn } = controlledFetch()
    const http = client(fetchFn)
    const a = http.get('/v1/x', answerSchema, { query: { a: '1' } })
    const b = http.get('/v1/x', answerSchema, { query: { a: '2' } })
    await flush()
    expect(calls).toHaveLength(2)
    calls[0]!.respond(json({ answer: 1 }))
    calls[1]!.respond(json({ answer: 2 }))
    await expect(a).resolves.toEqual({ answer: 1 })
    await expect(b).resolves.toEqual({ answer: 2 })
    const c = http.get('/v1/x', answerSchema, { query: { a: '1' } })
    await flush()
    expect(calls).toHaveLength(3)
    calls[2]!.respond(json({ answer: 5 }))
    await expect(c).resolves.toEqual({ answer: 5 })
  })

  it('rejects at once without fetching when the signal is already aborted', async () => {
    const { calls, fetchFn } = controlledFetch()
    const signal = AbortSignal.abort()
    await expect(client(fetchFn).get('/v1/x', answerSchema, { signal })).rejects.toMatchObject({
      name: 'AbortError',
    })
    await expect(
      client(fetchFn).post('/v1/y', answerSchema, { signal, body: {} }),
    ).rejects.toMatchObject({ name: 'AbortError' })
    expect(calls).toHaveLength(0)
  })

  it('POSTs JSON with exactly the given query and never shares POSTs', async () => {
    const { calls, fetchFn } = controlledFetch()
    const http = client(fetchFn)
    const a = http.post('/v1/y', answerSchema, { query: { projectId: 'p1' }, body: { n: 1 } })
    const b = http.post('/v1/y', answerSchema, { query: { projectId: 'p1' }, body: { n: 1 } })
    await flush()
    expect(calls).toHaveLength(2)
    expect(calls[0]!.init?.method).toBe('POST')
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({ n: 1 })
    expect(Object.fromEntries(calls[0]!.url.searchParams)).toEqual({ projectId: 'p1' })
    calls[0]!.respond(json({ answer: 1 }))
    calls[1]!.respond(json({ answer: 1 }))
    await Promise.all([a, b])
  })

  it('aborts a POST when its caller aborts', async () => {
    const { fetchFn } = controlledFetch()
    const controller = new AbortController()
    const pending = client(fetchFn).post('/v1/y', answerSchema, { signal: controller.signal })
    await flush()
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('builds image URLs with the identity query', () => {
    const http = client(controlledFetch().fetchFn)
    const url = new URL(http.getUrl('/getWalletImage/abc'))
    expect(url.pathname).toBe('/getWalletImage/abc')
    expect(url.searchParams.get('projectId')).toBe('p1')
    expect(url.searchParams.get('st')).toBe('walletgate')
  })
})

describe('FetchHttpClient time limits and retries (default settings, fake timers)', () => {
  // The client loads its retry module after a first failure; loaded here, that import settles in
  // a few microtasks instead of taking real time the fake clock cannot wait for.
  beforeAll(async () => {
    await import('../../../../src/infrastructure/http/get-retries')
  })
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const defaults = (fetchFn: typeof fetch, extra: { timeoutMs?: number } = {}) =>
    new FetchHttpClient({ baseUrl: 'http://service.test', projectId: 'p1', sdkVersion: 'walletgate-0.1.0', fetch: fetchFn, ...extra })

  /** Settles `promise` into its error (or the string 'pending' when it has not settled yet). */
  function outcome(promise: Promise<unknown>) {
    const seen: { value: unknown } = { value: 'pending' }
    promise.then(
      () => (seen.value = 'resolved'),
      (error: unknown) => (seen.value = error),
    )
    return seen
  }

  it('turns a GET that hangs into ServiceTimeoutError after exactly 10 s, aborts the fetch and does not retry it', async () => {
    const { calls, fetchFn } = controlledFetch()
    const seen = outcome(defaults(fetchFn).get('/v1/account/0xabc/balance', answerSchema))
    await vi.advanceTimersByTimeAsync(9_999)
    expect(seen.value).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(seen.value).toBeInstanceOf(ServiceTimeoutError)
    const error = seen.value as ServiceTimeoutError
    expect(error).toMatchObject({ code: 'SERVICE_TIMEOUT', path: '/v1/account/0xabc/balance', timeoutMs: 10_000 })
    // A service failure like a 500, never mistaken for the visitor cancelling.
    expect(isServiceError(error)).toBe(true)
    expect(isAbortError(error)).toBe(false)
    expect(calls[0]!.init?.signal?.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toHaveLength(1)
  })

  it('honours a configured time limit', async () => {
    const { fetchFn } = controlledFetch()
    const seen = outcome(defaults(fetchFn, { timeoutMs: 2_000 }).get('/v1/x', answerSchema))
    await vi.advanceTimersByTimeAsync(1_999)
    expect(seen.value).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(seen.value).toMatchObject({ name: 'ServiceTimeoutError', timeoutMs: 2_000 })
  })

  it('times out even when the fetch ignores its signal', async () => {
    const deaf = (() => new Promise<Response>(() => undefined)) as typeof fetch
    const seen = outcome(defaults(deaf).get('/v1/x', answerSchema))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(seen.value).toBeInstanceOf(ServiceTimeoutError)
  })

  it('times out a body that never finishes arriving', async () => {
    const { calls, fetchFn } = controlledFetch()
    const seen = outcome(defaults(fetchFn).get('/v1/x', answerSchema))
    await vi.advanceTimersByTimeAsync(0)
    // Headers arrive, the body stream never ends.
    calls[0]!.respond(new Response(new ReadableStream({ start: () => undefined }), { status: 200 }))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(seen.value).toBeInstanceOf(ServiceTimeoutError)
  })

  it('retries a GET after 503 and 500 with backoff (250 ms, then 500 ms) and resolves with the third answer', async () => {
    const { calls, fetchFn } = controlledFetch()
    const pending = defaults(fetchFn).get('/v1/x', answerSchema)
    await vi.advanceTimersByTimeAsync(0)
    calls[0]!.respond(json({ message: 'busy' }, 503))
    await vi.advanceTimersByTimeAsync(249)
    expect(calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(2)
    calls[1]!.respond(json({ message: 'boom' }, 500))
    await vi.advanceTimersByTimeAsync(499)
    expect(calls).toHaveLength(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(calls).toHaveLength(3)
    calls[2]!.respond(json({ answer: 9 }))
    await expect(pending).resolves.toEqual({ answer: 9 })
  })

  it('gives up after 3 attempts of an unreachable service with ServiceUnreachableError', async () => {
    const { calls, fetchFn } = controlledFetch()
    const seen = outcome(defaults(fetchFn).get('/v1/x', answerSchema))
    for (let attempt = 0; attempt < 3; attempt++) {
      await vi.advanceTimersByTimeAsync(0)
      calls[attempt]!.fail(new TypeError('fetch failed'))
      await vi.advanceTimersByTimeAsync(1_000)
    }
    expect(seen.value).toBeInstanceOf(ServiceUnreachableError)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toHaveLength(3)
  })

  it.each([
    ['a 404', () => json({ message: 'no' }, 404), HttpError],
    ['a 403', () => json({ message: 'no' }, 403), HttpError],
    ['a malformed body', () => new Response('{', { status: 200 }), MalformedResponseError],
  ])('does not retry %s', async (_name, answer, type) => {
    const { calls, fetchFn } = controlledFetch()
    const seen = outcome(defaults(fetchFn).get('/v1/x', answerSchema))
    await vi.advanceTimersByTimeAsync(0)
    calls[0]!.respond(answer())
    await vi.advanceTimersByTimeAsync(60_000)
    expect(seen.value).toBeInstanceOf(type)
    expect(calls).toHaveLength(1)
  })

  it("rejects at once with the caller's reason when it aborts during a hang, and cancels the fetch", async () => {
    const { calls, fetchFn } = controlledFetch()
    const controller = new AbortController()
    const seen = outcome(defaults(fetchFn).get('/v1/x', answerSchema, { signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(3_000)
    controller.abort(new DOMException('left the view', 'AbortError'))
    await vi.advanceTimersByTimeAsync(0)
    expect(seen.value).toMatchObject({ name: 'AbortError', message: 'left the view' })
    expect(calls[0]!.init?.signal?.aborted).toBe(true)
  })

  it("stops waiting for a retry the moment its caller aborts; no further attempt is made", async () => {
    const { calls, fetchFn } = controlledFetch()
    const controller = new AbortController()
    const seen = outcome(defaults(fetchFn).get('/v1/x', answerSchema, { signal: controller.signal }))
    await vi.advanceTimersByTimeAsync(0)
    calls[0]!.respond(json({}, 502))
    await vi.advanceTimersByTimeAsync(100)
    controller.abort()
    await vi.advanceTimersByTimeAsync(0)
    expect(seen.value).toMatchObject({ name: 'AbortError' })
    await vi.advanceTimersByTimeAsync(60_000)
    expect(calls).toHaveLength(1)
  })

  it('shares the time limit and retries between the callers of one GET', async () => {
    const { calls, fetchFn } = controlledFetch()
    const http = defaults(fetchFn)
    const a = outcome(http.get('/v1/x', answerSchema))
    const b = outcome(http.get('/v1/x', answerSchema))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(calls).toHaveLength(1)
    expect(a.value).toBeInstanceOf(ServiceTimeoutError)
    expect(b.value).toBe(a.value)
  })

  it('gives a POST the time limit too, and never retries it', async () => {
    const { calls, fetchFn } = controlledFetch()
    const http = defaults(fetchFn)
    const hung = outcome(http.post('/e', answerSchema, { body: {} }))
    await vi.advanceTimersByTimeAsync(10_000)
    expect(hung.value).toBeInstanceOf(ServiceTimeoutError)
    expect(calls[0]!.init?.signal?.aborted).toBe(true)

    const failed = outcome(http.post('/e', answerSchema, { body: {} }))
    await vi.advanceTimersByTimeAsync(0)
    calls[1]!.respond(json({}, 503))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(failed.value).toBeInstanceOf(HttpError)
    expect(calls).toHaveLength(2)
  })
})
