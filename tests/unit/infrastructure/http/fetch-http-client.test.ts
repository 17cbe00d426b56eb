import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { FetchHttpClient } from '../../../../src/infrastructure/http/fetch-http-client'
import {
  HttpError,
  MalformedResponseError,
  ServiceUnreachableError,
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

function client(fetchFn: typeof fetch, clientId?: string) {
  return new FetchHttpClient({
    baseUrl: 'http://service.test/',
    projectId: 'p1',
    sdkVersion: 'walletgate-0.1.0',
    ...(clientId === undefined ? {} : { clientId }),
    fetch: fetchFn,
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
