import {
  INITIAL_RATE_LIMITER_STATE,
  tryAcquire,
  type RateLimiterState,
} from '../../domain/limits/telemetry-limiter'
import type { Clock } from '../../ports/clock'
import type { Logger } from '../../ports/logger'
import type { Telemetry, TelemetryOutcome } from '../../ports/telemetry'
import type { EventPoster } from '../http/event-poster'

// The one `POST /e` client, loaded with this adapter or with analytics, whichever comes first.
export { EventPoster } from '../http/event-poster'

export interface FetchTelemetryOptions {
  readonly logger?: Pick<Logger, 'warn'>
}

/**
 * {@link Telemetry} over `POST /e` of the analytics service, at most 5 events per rolling 60 s
 * (the domain's limiter, read against the Clock port); later ones are dropped without a request.
 * One instance per modal.
 *
 * It is given its EventPoster (the one `POST /e` client, shared with analytics, which also
 * loads on demand) rather than building one.
 */
export class FetchTelemetry implements Telemetry {
  private readonly logger: Pick<Logger, 'warn'> | undefined
  private limiter: RateLimiterState = INITIAL_RATE_LIMITER_STATE

  constructor(
    private readonly poster: Pick<EventPoster, 'post'>,
    private readonly clock: Clock,
    options: FetchTelemetryOptions = {},
  ) {
    this.logger = options.logger
  }

  async reportError(error: unknown): Promise<TelemetryOutcome> {
    let props: Record<string, string>
    try {
      const decision = tryAcquire(this.limiter, this.clock.now())
      this.limiter = decision.state
      if (!decision.allowed) return 'dropped'
      props = { type: 'ERROR', ...describe(error) }
    } catch (cause) {
      this.logger?.warn('Error telemetry could not be prepared', cause)
      return 'failed'
    }
    try {
      await this.poster.post(props)
      return 'sent'
    } catch (cause) {
      this.logger?.warn('Error telemetry not sent', cause)
      return 'failed'
    }
  }
}

function describe(error: unknown): { name: string; message: string; stack: string } {
  if (error instanceof Error) {
    return { name: error.name, message: error.message, stack: error.stack ?? '' }
  }
  let message: string
  try {
    message = typeof error === 'string' ? error : JSON.stringify(error) ?? String(error)
  } catch {
    message = String(error)
  }
  return { name: 'Error', message, stack: '' }
}
