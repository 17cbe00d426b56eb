import { ReplaySubject, type Observable } from 'rxjs'
import { ALERT_ERRORS, type AlertDescriptor } from '../../src/domain/errors'
import type { Analytics, AnalyticsEvent } from '../../src/ports/analytics'

/**
 * An in-memory {@link Analytics}: records every event in `events`. `rejectWith403()` makes it
 * behave like a service whose project does not allow this origin (events are not recorded and the
 * "Invalid App Configuration" alert is raised once).
 */
export class InMemoryAnalytics implements Analytics {
  readonly events: AnalyticsEvent[] = []
  private readonly alerts = new ReplaySubject<AlertDescriptor>(1)
  private forbidden = false
  private alerted = false

  readonly alerts$: Observable<AlertDescriptor> = this.alerts.asObservable()

  rejectWith403(): void {
    this.forbidden = true
  }

  sendEvent(event: AnalyticsEvent): Promise<void> {
    if (this.forbidden) {
      if (!this.alerted) {
        this.alerted = true
        this.alerts.next(ALERT_ERRORS.invalidAppConfiguration)
      }
      return Promise.resolve()
    }
    this.events.push(structuredClone(event))
    return Promise.resolve()
  }
}
