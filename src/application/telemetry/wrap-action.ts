/**
 * Wrapped actions (spec section 8): an error thrown by a public command is reported as error
 * telemetry, then rethrown unchanged, so callers keep its class and message.
 *
 * The limit (at most 5 reports in any rolling 60 s, spec sections 8 and 9) is the Telemetry
 * port's own duty: every implementation applies the domain's limiter against the injected Clock
 * (src/domain/limits/telemetry-limiter.ts). It is not applied here a second time, so one place
 * decides whether a report goes out.
 *
 * Expected failures are not telemetry: the spec and the conventions treat them as events (they
 * are reported as analytics events and logged as warnings where they happen). They are the
 * wallet's own refusals, recognised by the family-neutral kind every chain family's wing gives
 * them (WalletRequestError, SwitchNetworkRejectedError):
 * - `rejected`: the person declined;
 * - `pending`: a request is already waiting in the wallet;
 * - `superseded`: a later call of the same command replaced this one (SwitchNetworkSupersededError).
 * Everything else a wrapped action throws (a "Failed to disconnect", a network that is not
 * configured, a wallet failing in an unexpected way, a bug) is reported.
 */
import type { Telemetry } from '../../ports/telemetry'

/** Kinds of a wallet refusing on the person's behalf: events, not errors. */
const EXPECTED_KINDS: ReadonlySet<unknown> = new Set(['rejected', 'pending', 'superseded'])

/** Whether `error` is an expected failure (see above) rather than one to report. */
export function isExpectedFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && EXPECTED_KINDS.has((error as { kind?: unknown }).kind)
}

/**
 * Runs `action`; when it throws (or rejects) with an unexpected failure, the error goes to
 * `telemetry` without waiting for the report, and the same error is rethrown. Resolves with the
 * action's value otherwise.
 */
export async function wrapAction<T>(telemetry: Telemetry, action: () => T | Promise<T>): Promise<T> {
  try {
    return await action()
  } catch (error) {
    // The port never rejects (a failed post is its own warning), so nothing is left unhandled.
    if (!isExpectedFailure(error)) void telemetry.reportError(error)
    throw error
  }
}
