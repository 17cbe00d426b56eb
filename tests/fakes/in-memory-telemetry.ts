import {
  INITIAL_RATE_LIMITER_STATE,
  tryAcquire,
  type RateLimiterState,
} from '../../src/domain/limits/telemetry-limiter'
import type { Clock } from '../../src/ports/clock'
import type { Telemetry, TelemetryOutcome } from '../../src/ports/telemetry'

export interface ReportedError {
  readonly name: string
  readonly message: string
  readonly stack: string
}

/**
 * An in-memory {@link Telemetry} with the real limit (5 per rolling 60 s on the given clock):
 * `reported` holds what would have been sent. `failNext()` makes the next accepted report fail.
 */
export class InMemoryTelemetry implements Telemetry {
  readonly reported: ReportedError[] = []
  private limiter: RateLimiterState = INITIAL_RATE_LIMITER_STATE
  private failures = 0

  constructor(private readonly clock: Clock) {}

  failNext(): void {
    this.failures += 1
  }

  reportError(error: unknown): Promise<TelemetryOutcome> {
    const decision = tryAcquire(this.limiter, this.clock.now())
    this.limiter = decision.state
    if (!decision.allowed) return Promise.resolve('dropped')
    if (this.failures > 0) {
      this.failures -= 1
      return Promise.resolve('failed')
    }
    this.reported.push(
      error instanceof Error
        ? { name: error.name, message: error.message, stack: error.stack ?? '' }
        : { name: 'Error', message: typeof error === 'string' ? error : String(JSON.stringify(error)), stack: '' },
    )
    return Promise.resolve('sent')
  }
}
