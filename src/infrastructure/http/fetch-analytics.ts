import { ReplaySubject, type Observable } from 'rxjs'
import { ALERT_ERRORS, type AlertDescriptor } from '../../domain/messages'
import type { Analytics, AnalyticsEvent } from '../../ports/analytics'
import type { Clock } from '../../ports/clock'
import { HttpError } from '../../ports/http-errors'
import type { Logger } from '../../ports/logger'
import { EventPoster, type EventPosterOptions } from './event-poster'
import type { FetchHttpClient } from './fetch-http-client'

export interface FetchAnalyticsOptions extends EventPosterOptions {
  readonly logger?: Pick<Logger, 'warn'>
}

/** {@link Analytics} over `POST /e` of the analytics service. One instance per modal. */
export class FetchAnalytics implements Analytics {
  private readonly alerts = new ReplaySubject<AlertDescriptor>(1)
  private readonly poster: EventPoster
  private readonly logger: Pick<Logger, 'warn'> | undefined
  private alerted = false

  readonly alerts$: Observable<AlertDescriptor> = this.alerts.asObservable()

  constructor(http: FetchHttpClient, clock: Clock, options: FetchAnalyticsOptions = {}) {
    this.poster = new EventPoster(http, clock, options)
    this.logger = options.logger
  }

  async sendEvent(event: AnalyticsEvent): Promise<void> {
    try {
      await this.poster.post({
        type: 'track',
        event: event.event,
        properties: event.properties ?? {},
        ...(event.address === undefined ? {} : { address: event.address }),
      })
    } catch (error) {
      if (error instanceof HttpError && error.status === 403) {
        if (!this.alerted) {
          this.alerted = true
          this.alerts.next(ALERT_ERRORS.invalidAppConfiguration)
        }
        return
      }
      this.logger?.warn('Analytics event not sent', error)
    }
  }
}
