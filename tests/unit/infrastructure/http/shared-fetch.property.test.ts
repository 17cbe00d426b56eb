import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod/mini'
import { FetchHttpClient } from '../../../../src/infrastructure/http/fetch-http-client'

const schema = z.object({ n: z.number() })

describe('FetchHttpClient shared GETs under any interleaving', () => {
  it('one fetch; callers who keep waiting get the answer; the fetch is cancelled only when every caller left, and always when they left before the answer', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 6 }),
        async (s, abortFlags) => {
          const fetchSignals: AbortSignal[] = []
          let delivered = false
          const fetchFn = ((_input: RequestInfo | URL, init?: RequestInit) => {
            const signal = init!.signal!
            fetchSignals.push(signal)
            return new Promise<Response>((resolve, reject) => {
              signal.addEventListener('abort', () => reject(signal.reason as unknown), { once: true })
              void s.schedule(Promise.resolve(), 'answer').then(() => {
                delivered = !signal.aborted
                resolve(Response.json({ n: 1 }))
              })
            })
          }) as typeof fetch
          const http = new FetchHttpClient({ baseUrl: 'http://svc.test', projectId: 'p', sdkVersion: 'v', fetch: fetchFn })

          // Whether the last caller to leave left before the answer had arrived.
          let lastLeftBeforeAnswer = false
          const callers: { controller: AbortController; result: Promise<unknown> }[] = []
          abortFlags.forEach((willAbort, i) => {
            const controller = new AbortController()
            const result = http.get('/x', schema, { signal: controller.signal }).then(
              (value) => ({ ok: true as const, value }),
              (error: unknown) => ({ ok: false as const, error }),
            )
            if (willAbort) {
              void s.schedule(Promise.resolve(), `abort ${i}`).then(() => {
                controller.abort()
                if (abortFlags.every((flag, k) => !flag || callers[k]?.controller.signal.aborted !== false)) lastLeftBeforeAnswer = !delivered
              })
            }
            callers.push({ controller, result })
          })

          await s.waitAll()
          const results = (await Promise.all(callers.map((c) => c.result))) as (
            | { ok: true; value: unknown }
            | { ok: false; error: unknown }
          )[]

          expect(fetchSignals).toHaveLength(1)
          results.forEach((result, i) => {
            if (result.ok) expect(result.value).toEqual({ n: 1 })
            else {
              expect((result.error as Error).name).toBe('AbortError')
              expect(callers[i]!.controller.signal.aborted).toBe(true)
            }
            if (!abortFlags[i]) expect(result.ok).toBe(true)
          })
          // Cancelled only when every caller left, and always when they all left before the answer
          // came (once the answer is in, only its reading is left to cancel).
          if (fetchSignals[0]!.aborted) expect(results.every((r) => !r.ok)).toBe(true)
          if (abortFlags.every(Boolean) && lastLeftBeforeAnswer) expect(fetchSignals[0]!.aborted).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })
})
