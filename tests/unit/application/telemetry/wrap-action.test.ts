import { describe, expect, it } from 'vitest'
import { isExpectedFailure, wrapAction } from '../../../../src/application/telemetry/wrap-action'
import { SwitchNetworkRejectedError, SwitchNetworkSupersededError } from '../../../../src/application/networks/switch-network'
import { DisconnectError, NetworkNotFoundError } from '../../../../src/domain/errors'
import { FetchHttpClient } from '../../../../src/infrastructure/http/fetch-http-client'
import { EventPoster } from '../../../../src/infrastructure/http/event-poster'
import { FetchTelemetry } from '../../../../src/infrastructure/telemetry/fetch-telemetry'
import { WalletRequestError } from '../../../../src/ports/chain-family'
import { InMemoryTelemetry } from '../../../fakes/in-memory-telemetry'
import { ManualClock } from '../../../fakes/manual-clock'
import { json, routedFetch } from '../../infrastructure/http/routed-fetch'

const failing = (error: unknown) => (): Promise<never> => Promise.reject(error)

/** The real adapter over a fake fetch: what reaches POST /e is what was reported. */
function aFetchTelemetry() {
  const clock = new ManualClock(1_760_000_000_000)
  const { fetchFn, requests } = routedFetch({ 'POST /e': () => json({}) })
  const http = new FetchHttpClient({ baseUrl: 'http://127.0.0.1:9', projectId: 'p', sdkVersion: 'walletgate-test', fetch: fetchFn })
  const telemetry = new FetchTelemetry(new EventPoster(http, clock, { page: () => ({ url: 'http://127.0.0.1/', domain: '127.0.0.1' }) }), clock)
  const posted = () => requests.map((r) => (r.body as { props: { type: string; name: string; message: string } }).props)
  return { telemetry, clock, posted }
}

async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve()
}

describe('wrapAction', () => {
  it('resolves with the action\'s value and reports nothing when it succeeds', async () => {
    const telemetry = new InMemoryTelemetry(new ManualClock())
    await expect(wrapAction(telemetry, () => Promise.resolve(42))).resolves.toBe(42)
    await expect(wrapAction(telemetry, () => 'sync')).resolves.toBe('sync')
    expect(telemetry.reported).toEqual([])
  })

  it('reports the error (name, message, stack) and rethrows the same error: callers keep its class', async () => {
    const telemetry = new InMemoryTelemetry(new ManualClock())
    const error = new DisconnectError({ cause: new Error('relay down') })
    const thrown = await wrapAction(telemetry, failing(error)).catch((e: unknown) => e)
    expect(thrown).toBe(error)
    expect(thrown).toBeInstanceOf(DisconnectError)
    expect(telemetry.reported).toEqual([{ name: 'DisconnectError', message: 'Failed to disconnect', stack: error.stack }])

    const sync = new NetworkNotFoundError()
    await expect(
      wrapAction(telemetry, () => {
        throw sync
      }),
    ).rejects.toBe(sync)
    expect(telemetry.reported.map((e) => e.name)).toEqual(['DisconnectError', 'NetworkNotFoundError'])
  })

  it('through the real FetchTelemetry: 5 errors in a minute are posted to /e, the 6th is not (still rethrown), and one is posted again 60 s later', async () => {
    const { telemetry, clock, posted } = aFetchTelemetry()
    for (let i = 0; i < 6; i++) {
      await expect(wrapAction(telemetry, failing(new TypeError(`e${i}`)))).rejects.toBeInstanceOf(TypeError)
      clock.advance(10_000)
    }
    await settle()
    expect(posted().map((p) => [p.type, p.name, p.message])).toEqual([0, 1, 2, 3, 4].map((i) => ['ERROR', 'TypeError', `e${i}`]))

    // The first report was at t0 and the clock stands at t0 + 60 s: it has left the window.
    await expect(wrapAction(telemetry, failing(new RangeError('again')))).rejects.toBeInstanceOf(RangeError)
    await settle()
    expect(posted().at(-1)).toMatchObject({ type: 'ERROR', name: 'RangeError', message: 'again' })
    expect(posted()).toHaveLength(6)
    // ... and only that one slot was free.
    await expect(wrapAction(telemetry, failing(new Error('over')))).rejects.toThrow('over')
    await settle()
    expect(posted()).toHaveLength(6)
  })

  it('a person declining, or a request already waiting in the wallet, is an event: rethrown, not reported', async () => {
    const telemetry = new InMemoryTelemetry(new ManualClock())
    const expected = [
      new WalletRequestError('rejected', 'User rejected the request.', { code: 4001 }),
      new SwitchNetworkRejectedError('rejected', 'User rejected the request.'),
      new WalletRequestError('pending', 'Request already pending', { code: -32002 }),
      // A later switch replaced this one: the host's own doing, no fault.
      new SwitchNetworkSupersededError('eip155:31338'),
    ]
    for (const error of expected) {
      expect(isExpectedFailure(error)).toBe(true)
      await expect(wrapAction(telemetry, failing(error))).rejects.toBe(error)
    }
    expect(telemetry.reported).toEqual([])

    const unexpected = new WalletRequestError('failed', 'Internal error', { code: -32603 })
    expect(isExpectedFailure(unexpected)).toBe(false)
    expect(isExpectedFailure('plain')).toBe(false)
    await expect(wrapAction(telemetry, failing(unexpected))).rejects.toBe(unexpected)
    expect(telemetry.reported.map((e) => e.message)).toEqual(['Internal error'])
  })
})
