import type { ServiceIdentifier } from 'inversify'

/** What became of one reported error. */
export type TelemetryOutcome = 'sent' | 'dropped' | 'failed'

/**
 * Error telemetry (spec sections 7 and 8): `POST /e` on the analytics service with
 * `props: { type: 'ERROR', name, message, stack }`, at most 5 events per rolling 60 s.
 */
export interface Telemetry {
  /**
   * MUST post `error` (its name, message and stack; a non-Error is reported by its string form)
   * unless 5 events were already reported in the last 60 s, in which case it MUST drop it without a
   * request and resolve `'dropped'`. Resolves `'sent'` when the service accepted it and `'failed'`
   * when the post failed (logged as a warning). MUST NOT reject or throw; callers rethrow their own
   * error themselves.
   */
  reportError(error: unknown): Promise<TelemetryOutcome>
}
export const Telemetry = Symbol('Telemetry') as ServiceIdentifier<Telemetry>
