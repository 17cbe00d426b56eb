/**
 * Balance fetch retries are blocked for 30 s after a failure (spec section 8); a fetch is
 * allowed again at exactly 30 s. Clock-free and immutable.
 */
import { BALANCE_RETRY_GAP_MS } from '../constants'

export interface BalanceRetryState {
  readonly lastFailureAtMs?: number
}

export const INITIAL_BALANCE_RETRY_STATE: BalanceRetryState = {}

export function canFetchBalance(state: BalanceRetryState, nowMs: number): boolean {
  return state.lastFailureAtMs === undefined || nowMs - state.lastFailureAtMs >= BALANCE_RETRY_GAP_MS
}

/** Milliseconds until a fetch is allowed again (0 when allowed now). */
export function balanceRetryRemainingMs(state: BalanceRetryState, nowMs: number): number {
  if (state.lastFailureAtMs === undefined) return 0
  return Math.max(0, state.lastFailureAtMs + BALANCE_RETRY_GAP_MS - nowMs)
}

export function recordBalanceFailure(_state: BalanceRetryState, nowMs: number): BalanceRetryState {
  return { lastFailureAtMs: nowMs }
}

export function recordBalanceSuccess(_state: BalanceRetryState): BalanceRetryState {
  return INITIAL_BALANCE_RETRY_STATE
}
