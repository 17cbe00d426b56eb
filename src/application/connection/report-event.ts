import type { ResolvedConfig } from '../../domain/config'
import type { Analytics } from '../../ports/analytics'
import type { Logger } from '../../ports/logger'

/**
 * Reports a product event: to the analytics service (unless `features.analytics` is false) and to
 * the host's `onEvent` callback. Never throws: a failing host callback is logged as a warning.
 */
export class EventReporter {
  constructor(
    private readonly config: Pick<ResolvedConfig, 'features' | 'onEvent'>,
    private readonly analytics: Analytics,
    private readonly logger: Logger,
  ) {}

  report(event: string, properties: Record<string, unknown> = {}, address?: string): void {
    if (this.config.features.analytics !== false) {
      void this.analytics.sendEvent({ event, properties, ...(address === undefined ? {} : { address }) })
    }
    try {
      this.config.onEvent?.({ type: event, data: properties })
    } catch (error) {
      this.logger.warn('Walletgate: the host onEvent callback threw', error)
    }
  }
}
