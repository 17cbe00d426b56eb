import { InMemoryAnalytics } from '../../fakes/in-memory-analytics'
import { InMemoryTelemetry } from '../../fakes/in-memory-telemetry'
import { ManualClock } from '../../fakes/manual-clock'
import { analyticsContract, telemetryContract } from './analytics.contract'

analyticsContract('InMemoryAnalytics', () => {
  const analytics = new InMemoryAnalytics()
  return Promise.resolve({
    analytics,
    forbidden: () => {
      const refused = new InMemoryAnalytics()
      refused.rejectWith403()
      return refused
    },
    seen: () =>
      Promise.resolve(
        analytics.events.map(({ event, properties, address }) =>
          address === undefined ? { event, properties: { ...properties } } : { event, properties: { ...properties }, address },
        ),
      ),
    clear: () => {
      analytics.events.length = 0
      return Promise.resolve()
    },
  })
})

telemetryContract('InMemoryTelemetry', () => {
  const clock = new ManualClock()
  const telemetry = new InMemoryTelemetry(clock)
  return Promise.resolve({
    telemetry,
    clock,
    reported: () => Promise.resolve([...telemetry.reported]),
    clear: () => {
      telemetry.reported.length = 0
      return Promise.resolve()
    },
  })
})
