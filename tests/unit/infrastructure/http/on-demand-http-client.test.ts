import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { FetchHttpClient } from '../../../../src/infrastructure/http/fetch-http-client'
import { OnDemandHttpClient } from '../../../../src/infrastructure/http/on-demand-http-client'
import { HttpError } from '../../../../src/ports/http-errors'

const identity = { baseUrl: 'http://127.0.0.1:9/', projectId: 'p1', sdkVersion: 'walletgate-test', clientId: () => 'c1' }

function recordingFetch(answer: (url: URL, init: RequestInit | undefined) => Response) {
  const seen: { method: string; url: URL; body?: string }[] = []
  const fetchFn = ((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    seen.push({ method: init?.method ?? 'GET', url, ...(typeof init?.body === 'string' ? { body: init.body } : {}) })
    return Promise.resolve(answer(url, init))
  }) as typeof fetch
  return { seen, fetchFn }
}

describe('OnDemandHttpClient', () => {
  it('gives the same URLs as the full client at once, without a request', () => {
    const { seen, fetchFn } = recordingFetch(() => new Response('{}'))
    const onDemand = new OnDemandHttpClient({ ...identity, fetch: fetchFn })
    const full = new FetchHttpClient({ ...identity, fetch: fetchFn })
    expect(onDemand.getUrl('/getWalletImage/a b', { size: 'sm' })).toBe(full.getUrl('/getWalletImage/a b', { size: 'sm' }))
    expect(onDemand.getUrl('x')).toBe('http://127.0.0.1:9/x?projectId=p1&st=walletgate&sv=walletgate-test&clientId=c1')
    expect(seen).toEqual([])
  })

  it('sends GETs and POSTs as the full client does, with its answers and its errors', async () => {
    const { seen, fetchFn } = recordingFetch((url) =>
      url.pathname === '/missing' ? new Response(JSON.stringify({ message: 'no' }), { status: 404 }) : new Response(JSON.stringify({ n: 7 }), { headers: { 'content-type': 'application/json' } }),
    )
    const client = new OnDemandHttpClient({ ...identity, fetch: fetchFn, retries: 0 })
    const schema = z.object({ n: z.number() })
    await expect(client.get('/a', schema, { query: { q: 'x' } })).resolves.toEqual({ n: 7 })
    await expect(client.post('/b', schema, { body: { k: 1 }, headers: { 'Idempotency-Key': 'k1' } })).resolves.toEqual({ n: 7 })
    await expect(client.get('/missing', schema)).rejects.toBeInstanceOf(HttpError)
    expect(seen.map((s) => `${s.method} ${s.url.pathname}${s.url.search}`)).toEqual([
      'GET /a?q=x&projectId=p1&st=walletgate&sv=walletgate-test&clientId=c1',
      'POST /b',
      'GET /missing?projectId=p1&st=walletgate&sv=walletgate-test&clientId=c1',
    ])
    expect(seen[1]?.body).toBe('{"k":1}')
  })
})
