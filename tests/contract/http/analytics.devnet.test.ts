import { describe, expect, it } from 'vitest'
import { FetchAnalytics } from '../../../src/infrastructure/http/fetch-analytics'
import { EventPoster } from '../../../src/infrastructure/http/event-poster'
import { FetchTelemetry } from '../../../src/infrastructure/telemetry/fetch-telemetry'
import { ManualClock } from '../../fakes/manual-clock'
import { analyticsContract, telemetryContract, type SeenEvent } from './analytics.contract'
import { admin, devnetHttpClient, TEST_SDK_VERSION } from './devnet'

const page = () => ({ url: 'http://127.0.0.1:5999/shop?x=1', domain: '127.0.0.1' })

analyticsContract('FetchAnalytics over HTTP to the devnet', () =>
  Promise.resolve({
    analytics: new FetchAnalytics(devnetHttpClient(), new ManualClock(), { page }),
    forbidden: () =>
      new FetchAnalytics(devnetHttpClient({ projectId: 'not-a-devnet-project' }), new ManualClock(), { page }),
    seen: async () =>
      (await admin.analytics())
        .filter((e) => e.body.props.type === 'track')
        .map((e) => {
          const { event, properties, address } = e.body.props as unknown as SeenEvent
          return address === undefined ? { event, properties } : { event, properties, address }
        }),
    clear: () => admin.clearAnalytics(),
  }),
)

telemetryContract('FetchTelemetry over HTTP to the devnet', () => {
  const clock = new ManualClock()
  return Promise.resolve({
    telemetry: new FetchTelemetry(new EventPoster(devnetHttpClient(), clock, { page }), clock),
    clock,
    reported: async () =>
      (await admin.analytics())
        .filter((e) => e.body.props.type === 'ERROR')
        .map((e) => {
          const { name, message, stack } = e.body.props as { name: string; message: string; stack: string }
          return { name, message, stack }
        }),
    clear: () => admin.clearAnalytics(),
  })
})

describe('POST /e on the devnet', () => {
  it('carries projectId, st and sv, and a body of eventId, url, domain, timestamp and props', async () => {
    await admin.clearAnalytics()
    const clock = new ManualClock(1_760_000_000_000)
    await new FetchAnalytics(devnetHttpClient(), clock, { page }).sendEvent({ event: 'MODAL_OPEN' })
    await new FetchTelemetry(new EventPoster(devnetHttpClient(), clock, { page }), clock).reportError(new Error('x'))
    const events = await admin.analytics()
    expect(events).toHaveLength(2)
    for (const e of events) {
      expect(e.query).toMatchObject({ st: 'walletgate', sv: TEST_SDK_VERSION })
      expect(e.query.projectId).toBeTruthy()
      expect(e.body.eventId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
      expect(e.body).toMatchObject({ url: page().url, domain: '127.0.0.1', timestamp: 1_760_000_000_000 })
    }
    expect(events[0]!.body.eventId).not.toBe(events[1]!.body.eventId)
    expect(events[1]!.body.props).toMatchObject({ type: 'ERROR', name: 'Error', message: 'x' })
  })
})
