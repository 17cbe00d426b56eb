import type { Observable, Subscription } from 'rxjs'
import { ALERT_ERRORS, type AlertDescriptor } from '../../domain/messages'
import { originAllowed } from '../../domain/validation/origin-allow-list'
import { HttpError } from '../../ports/http-errors'
import type { Logger } from '../../ports/logger'
import type { WalletCatalogue } from '../../ports/wallet-catalogue'
import type { AlertStore } from '../alert-store'

export interface ProjectCheckDeps {
  /** Undefined: no request, the alert says to pass one. */
  readonly projectId: string | undefined
  readonly catalogue: Pick<WalletCatalogue, 'getAllowedOrigins'>
  readonly alerts: AlertStore
  readonly logger: Logger
  /** The page's origin; undefined outside a browser. */
  readonly origin: () => string | undefined
}

/**
 * Whether the service knows the project and the project allows this page (GET
 * /projects/v1/origins), asked once per modal when the visitor first opens it (never at page load),
 * and said in the words that are true: "Project ID Not Configured" for a projectId the service
 * does not know, "Invalid App Configuration" for an origin its list does not allow. A project with
 * an empty list allows every origin. No answer (offline, a 5xx) says nothing and is asked again at
 * the next open.
 */
export class ProjectCheck {
  private verdict: Promise<AlertDescriptor | null | undefined> | undefined

  constructor(private readonly deps: ProjectCheckDeps) {}

  /**
   * From the first open: the analytics service's alerts, said as the check finds them true (its
   * `alerts$` replays one raised before). Returns the subscription.
   */
  follow(analyticsAlerts$: Observable<AlertDescriptor>): Subscription {
    return analyticsAlerts$.subscribe((alert) => {
      void this.explain(alert).then((shown) => this.deps.alerts.showOnce(shown))
    })
  }

  /** Checks (once) and shows what is wrong, if anything. */
  run(): Promise<void> {
    return this.check().then((alert) => {
      if (alert) this.deps.alerts.showOnce(alert)
    })
  }

  /**
   * What to show for a 403 from analytics, which cannot tell an unknown project from a page its
   * project does not allow: the check's answer when it has one, else `fallback`.
   */
  explain(fallback: AlertDescriptor): Promise<AlertDescriptor> {
    return this.check().then((alert) => alert ?? fallback)
  }

  /** The alert that is true, null when all is well, undefined when the service did not say. */
  private check(): Promise<AlertDescriptor | null | undefined> {
    this.verdict ??= this.ask().then((verdict) => {
      if (verdict === undefined) this.verdict = undefined
      return verdict
    })
    return this.verdict
  }

  private async ask(): Promise<AlertDescriptor | null | undefined> {
    if (this.deps.projectId === undefined) return ALERT_ERRORS.projectIdNotConfigured
    try {
      const patterns = await this.deps.catalogue.getAllowedOrigins()
      const origin = this.deps.origin()
      if (origin === undefined || patterns.length === 0 || originAllowed(origin, patterns)) return null
      return ALERT_ERRORS.invalidAppConfiguration
    } catch (error) {
      if (error instanceof HttpError && (error.status === 401 || error.status === 403 || error.status === 404)) {
        return ALERT_ERRORS.projectIdNotConfigured
      }
      this.deps.logger.debug('Walletgate: the project could not be checked', error)
      return undefined
    }
  }
}
