import { describe, expect, it } from 'vitest'
import { HttpError, ServiceUnreachableError } from '../../../../src/ports/http-errors'
import { IDEMPOTENCY_HEADER, idempotentWrite, WRITE_RETRIES, WRITE_RETRY_DELAY_MS } from '../../../../src/infrastructure/http/idempotent-writes'

/** Timers that fire at once, recording the waits asked for. */
function instantTimers(waits: number[]) {
  return {
    setTimeout: (callback: () => void, ms: number) => {
      waits.push(ms)
      queueMicrotask(callback)
      return 0
    },
    clearTimeout: () => undefined,
  }
}

const failure = (status: number) => new HttpError(new Response(null, { status }), { message: 'x' })

describe('idempotentWrite', () => {
  it('sends every try of one write with the same fresh key, after a lost answer, a 5xx, a rate limit or a try still running', async () => {
    const keys: string[] = []
    const waits: number[] = []
    const failures = [new ServiceUnreachableError('/w', new Error('reset')), failure(503), failure(409)]
    const result = await idempotentWrite(
      async (headers) => {
        keys.push(headers[IDEMPOTENCY_HEADER]!)
        const next = failures.shift()
        if (next !== undefined) throw next
        return 'done'
      },
      { timers: instantTimers(waits) },
    )
    expect(result).toBe('done')
    expect(keys).toHaveLength(4)
    expect(new Set(keys).size).toBe(1)
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{16,128}$/)
    expect(waits).toEqual([WRITE_RETRY_DELAY_MS, WRITE_RETRY_DELAY_MS * 2, WRITE_RETRY_DELAY_MS * 4])

    // The next write is another request: another key.
    let other = ''
    await idempotentWrite(async (headers) => void (other = headers[IDEMPOTENCY_HEADER]!))
    expect(other).not.toBe(keys[0])
  })

  it('does not send again a write the service refused on its merits, and stops after its retries', async () => {
    let tries = 0
    await expect(idempotentWrite(async () => { tries++; throw failure(400) }, { timers: instantTimers([]) })).rejects.toMatchObject({ status: 400 })
    expect(tries).toBe(1)
    tries = 0
    await expect(idempotentWrite(async () => { tries++; throw failure(503) }, { timers: instantTimers([]) })).rejects.toMatchObject({ status: 503 })
    expect(tries).toBe(1 + WRITE_RETRIES)
  })

  it('stops waiting when its caller gives up', async () => {
    const controller = new AbortController()
    let tries = 0
    const pending = idempotentWrite(
      async () => {
        tries++
        controller.abort(new Error('left'))
        throw failure(503)
      },
      { signal: controller.signal },
    )
    await expect(pending).rejects.toMatchObject({ status: 503 })
    expect(tries).toBe(1)
  })
})
