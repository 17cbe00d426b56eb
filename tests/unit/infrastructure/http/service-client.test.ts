import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod/mini'
import { parseConfig } from '../../../../src/domain/config'
import { serviceClient } from '../../../../src/composition/service-client'
import { ServiceTimeoutError } from '../../../../src/ports/http-errors'
import { aModalConfig } from '../../../builders/config'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('serviceClient (composition root)', () => {
  it("gives the modal's HTTP clients the host's services.timeoutMs", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    // A service that never answers.
    vi.stubGlobal('fetch', () => new Promise<Response>(() => undefined))
    const config = parseConfig(aModalConfig({ services: { timeoutMs: 1_500 } }))
    const seen: { error?: unknown } = {}
    serviceClient(config, 'http://service.test')
      .get('/v1/x', z.unknown())
      .catch((error: unknown) => (seen.error = error))
    await vi.advanceTimersByTimeAsync(1_499)
    expect(seen.error).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(seen.error).toBeInstanceOf(ServiceTimeoutError)
    expect((seen.error as ServiceTimeoutError).timeoutMs).toBe(1_500)
  })
})
