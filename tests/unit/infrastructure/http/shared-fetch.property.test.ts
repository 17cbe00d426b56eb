import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { FetchHttpClient } from '../../../../src/infrastructure/http/fetch-http-client'

const schema = z.object({ n: z.number() })

describe('FetchHttpClient shared GETs under any interleaving', () => {
  it('one fetch; callers who keep waiting get the answer; the fetch is cancelled only when every caller left', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        async (s, abortFlags) => {
          const fetchSignals: AbortSignal[] = []
          const fetchFn = ((_input: RequestInfo | URL, init?: RequestInit) => {
            const signal = init!.signal!
            fetchSignals.push(signal)
            return new Promise<Response>((resolve, reject) => {
              signal.addEventListener('abort', () => reject(signal.reason as unknown), { once: true })
              void s.schedule(Promise.resolve(), 'answer').then(() => resolve(Response.json({ n: 1 })))
            })
          }) as typeof fetch
          const http = new FetchHttpClient({ baseUrl: 'http://svc.test', projectId: 'p', sdkVersion: 'v', fetch: fetchFn })

          const callers = abortFlags.map((willAbort, i) => {
            const controller = new AbortController()
            const result = http.get('/x', schema, { signal: controller.signal }).then(
              (value) => ({ ok: true as const, value }),
              (error: unknown) => ({ ok: false as const, error }),
            )
            if (willAbort) void s.schedule(Promise.resolve(), `abort ${i}`).then(() => controller.abort())
            return { controller, result }
          })

          await s.waitAll()
          const results = await Promise.all(callers.map((c) => c.result))

          expect(fetchSignals).toHaveLength(1)
          results.forEach((result, i) => {
            if (result.ok) expect(result.value).toEqual({ n: 1 })
            else {
              expect((result.error as Error).name).toBe('AbortError')
              expect(callers[i]!.controller.signal.aborted).toBe(true)
            }
            if (!abortFlags[i]) expect(result.ok).toBe(true)
          })
          expect(fetchSignals[0]!.aborted).toBe(results.every((r) => !r.ok))
        },
      ),
      { numRuns: 300 },
    )
  })
})
