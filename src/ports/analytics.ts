import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'
import type { AlertDescriptor } from '../domain/messages'

/** One product event (e.g. `MODAL_OPEN`) with its data. */
export interface AnalyticsEvent {
  readonly event: string
  readonly properties?: Readonly<Record<string, unknown>>
  /** The connected address, when there is one; sent inside `props`. */
  readonly address?: string
}

/**
 * The analytics service (spec section 7): `POST /e?projectId=&st=&sv=` with body
 * `{ eventId, url, domain, timestamp, props }`, `props` being `{ type: 'track', event, properties,
 * address }`.
 */
export interface Analytics {
  /**
   * MUST post the event once and resolve when the service answered or failed. MUST NOT reject:
   * failures are logged as warnings. A 403 answer (origin not on the project's allowlist) MUST
   * make `alerts$` emit the "Invalid App Configuration" alert, once per instance however many
   * 403s follow.
   */
  sendEvent(event: AnalyticsEvent): Promise<void>

  /**
   * Alerts the application should show (spec section 8, alert errors). Emits
   * `ALERT_ERRORS.invalidAppConfiguration` at most once per instance; never errors or completes
   * on its own. A late subscriber still receives an alert that was already raised.
   */
  readonly alerts$: Observable<AlertDescriptor>
}
export const Analytics = Symbol('Analytics') as ServiceIdentifier<Analytics>
