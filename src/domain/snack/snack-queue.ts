/**
 * Snack re-show (spec sections 4 and 9): showing a snack while one is open closes the open one
 * first and shows the new one 150 ms later. Clock-free: callers pass `nowMs` and call `tick`
 * when the scheduled time arrives.
 */
import { SNACK_RESHOW_DELAY_MS } from '../constants'
import type { Snack, SnackText, SnackVariant } from '../entities'

export interface SnackState {
  readonly current: Snack
  /** A snack waiting to show at `showAtMs`. */
  readonly pending?: { readonly snack: Snack; readonly showAtMs: number }
}

export const INITIAL_SNACK_STATE: SnackState = {
  current: { message: '', variant: 'success', open: false, autoClose: true },
}

export function makeSnack(
  message: string,
  variant: SnackVariant,
  options: { svg?: string; autoClose?: boolean; link?: string | undefined; text?: SnackText | undefined } = {},
): Snack {
  const snack: Snack = { message, variant, open: true, autoClose: options.autoClose ?? variant !== 'loading' }
  return {
    ...snack,
    ...(options.svg === undefined ? {} : { svg: options.svg }),
    ...(options.link === undefined ? {} : { link: options.link }),
    ...(options.text === undefined ? {} : { text: options.text }),
  }
}

/** Shows `snack` now, or closes the open one and schedules `snack` 150 ms later. */
export function showSnack(state: SnackState, snack: Snack, nowMs: number): SnackState {
  const next = { ...snack, open: true }
  if (state.current.open || state.pending) {
    return {
      current: { ...state.current, open: false },
      pending: { snack: next, showAtMs: state.pending?.showAtMs ?? nowMs + SNACK_RESHOW_DELAY_MS },
    }
  }
  return { current: next }
}

/** Shows the pending snack once its time has come. */
export function tickSnack(state: SnackState, nowMs: number): SnackState {
  if (state.pending && nowMs >= state.pending.showAtMs) return { current: state.pending.snack }
  return state
}

export function hideSnack(state: SnackState): SnackState {
  return { current: { ...state.current, open: false } }
}
