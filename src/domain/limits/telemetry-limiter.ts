/**
 * Telemetry rate limit (spec sections 8 and 9): at most 5 events in any rolling 60 s window.
 * An event at `nowMs` passes when fewer than 5 accepted events lie in (nowMs - 60 s, nowMs].
 * Clock-free and immutable: pass `nowMs`, keep the returned state.
 */
import { TELEMETRY_MAX_EVENTS, TELEMETRY_WINDOW_MS } from '../constants'

export interface RateLimiterState {
  /** Times of accepted events still inside the window, oldest first. */
  readonly acceptedAtMs: readonly number[]
}

export interface RateLimit {
  readonly maxEvents: number
  readonly windowMs: number
}

export const TELEMETRY_RATE_LIMIT: RateLimit = {
  maxEvents: TELEMETRY_MAX_EVENTS,
  windowMs: TELEMETRY_WINDOW_MS,
}

export const INITIAL_RATE_LIMITER_STATE: RateLimiterState = { acceptedAtMs: [] }

export interface RateLimitDecision {
  readonly allowed: boolean
  readonly state: RateLimiterState
}

/** Decides whether an event at `nowMs` passes; time must not go backwards between calls. */
export function tryAcquire(
  state: RateLimiterState,
  nowMs: number,
  limit: RateLimit = TELEMETRY_RATE_LIMIT,
): RateLimitDecision {
  const recent = state.acceptedAtMs.filter((t) => t > nowMs - limit.windowMs)
  if (recent.length >= limit.maxEvents) return { allowed: false, state: { acceptedAtMs: recent } }
  return { allowed: true, state: { acceptedAtMs: [...recent, nowMs] } }
}
