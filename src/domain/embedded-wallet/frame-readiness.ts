/**
 * Embedded wallet frame readiness (spec sections 4 and 9): not loaded until its frame reports
 * ready, then ready 500 ms later (settle delay). A frame that has not reported ready 20 s after
 * loading started has failed ("Network Error - Could not load embedded wallet" alert).
 * Clock-free: callers pass `nowMs` and call `tickFrame` when scheduled times arrive.
 */
import { FRAME_LOAD_TIMEOUT_MS, FRAME_READY_DELAY_MS } from '../constants'

export type FrameState =
  | { readonly status: 'notLoaded' }
  | { readonly status: 'loading'; readonly timeoutAtMs: number }
  | { readonly status: 'settling'; readonly readyAtMs: number }
  | { readonly status: 'ready' }
  | { readonly status: 'failed' }

export const INITIAL_FRAME_STATE: FrameState = { status: 'notLoaded' }

export function startFrameLoad(state: FrameState, nowMs: number): FrameState {
  if (state.status === 'notLoaded' || state.status === 'failed') {
    return { status: 'loading', timeoutAtMs: nowMs + FRAME_LOAD_TIMEOUT_MS }
  }
  return state
}

/** The frame posted its ready message. */
export function frameReported(state: FrameState, nowMs: number): FrameState {
  if (state.status === 'notLoaded' || state.status === 'loading') {
    return { status: 'settling', readyAtMs: nowMs + FRAME_READY_DELAY_MS }
  }
  return state
}

export function tickFrame(state: FrameState, nowMs: number): FrameState {
  if (state.status === 'settling' && nowMs >= state.readyAtMs) return { status: 'ready' }
  if (state.status === 'loading' && nowMs >= state.timeoutAtMs) return { status: 'failed' }
  return state
}
