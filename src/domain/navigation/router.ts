/**
 * The modal's history router as an immutable value. Every function returns a new state and never
 * mutates its input. The history is never empty and its last entry is the current view.
 */
import type { ViewData, ViewName } from './views'

export interface RouteEntry {
  readonly view: ViewName
  readonly data?: ViewData
}

export interface RouterState {
  /** The current view (always the last history entry). */
  readonly view: ViewName
  readonly data?: ViewData
  /** Oldest first; never empty. */
  readonly history: readonly RouteEntry[]
}

function fromHistory(history: readonly RouteEntry[]): RouterState {
  const last = history[history.length - 1]
  if (!last) throw new RangeError('Router history cannot be empty')
  return last.data === undefined
    ? { view: last.view, history }
    : { view: last.view, data: last.data, history }
}

function entry(view: ViewName, data?: ViewData): RouteEntry {
  return data === undefined ? { view } : { view, data }
}

/** A router showing `view` with a one-entry history. */
export function createRouter(view: ViewName = 'Connect', data?: ViewData): RouterState {
  return fromHistory([entry(view, data)])
}

/** Pushes `view`. Pushing the current view is a no-op (the same state is returned). */
export function push(state: RouterState, view: ViewName, data?: ViewData): RouterState {
  if (state.view === view) return state
  return fromHistory([...state.history, entry(view, data)])
}

/** Replaces the current entry with `view`, keeping the history length. */
export function replace(state: RouterState, view: ViewName, data?: ViewData): RouterState {
  return fromHistory([...state.history.slice(0, -1), entry(view, data)])
}

/** Starts a new history holding only `view`. */
export function reset(_state: RouterState, view: ViewName, data?: ViewData): RouterState {
  return createRouter(view, data)
}

export type GoBackResult =
  | { readonly closed: false; readonly state: RouterState }
  /** Only one entry remained: the modal closes and the router stays as it was. */
  | { readonly closed: true; readonly state: RouterState }

/** Pops the history. With one entry left the modal closes instead. */
export function goBack(state: RouterState): GoBackResult {
  if (state.history.length <= 1) return { closed: true, state }
  return { closed: false, state: fromHistory(state.history.slice(0, -1)) }
}

/** Goes back to the most recent entry showing `view`; unchanged if `view` is not in the history. */
export function goBackTo(state: RouterState, view: ViewName): RouterState {
  for (let i = state.history.length - 1; i >= 0; i--) {
    if (state.history[i]?.view === view) return fromHistory(state.history.slice(0, i + 1))
  }
  return state
}
