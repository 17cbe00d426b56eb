import { describe, expect, it } from 'vitest'
import { FetchHttpClient } from '../../../../src/infrastructure/http/fetch-http-client'
import { FetchSmartSessionsApi } from '../../../../src/infrastructure/http/fetch-smart-sessions-api'
import { SmartSessionsListError } from '../../../../src/domain/sessions/smart-sessions'

function api(body: string) {
  const urls: string[] = []
  const fetchFn = (input: RequestInfo | URL) => {
    urls.push(String(input))
    return Promise.resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }))
  }
  return { urls, api: new FetchSmartSessionsApi(new FetchHttpClient({ baseUrl: 'http://127.0.0.1:1', projectId: 'p1', sdkVersion: 'v', fetch: fetchFn as typeof fetch, retries: 0 })) }
}

describe('FetchSmartSessionsApi', () => {
  it('asks GET /v1/sessions/{address} with the identity query', async () => {
    const w = api('{"sessions":[]}')
    expect(await w.api.list('0xabc')).toEqual([])
    expect(new URL(w.urls[0]!).pathname).toBe('/v1/sessions/0xabc')
    expect(new URL(w.urls[0]!).searchParams.get('projectId')).toBe('p1')
  })

  it.each([
    ['a body that is not JSON', 'Bad gateway'],
    ['JSON of another shape', '{"sessions":"none"}'],
  ])('%s rejects SmartSessionsListError (malformed), never an empty list', async (_, body) => {
    await expect(api(body).api.list('0xabc')).rejects.toMatchObject({ name: SmartSessionsListError.name, reason: 'malformed' })
  })
})
