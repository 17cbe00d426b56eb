import { useObservableState } from 'observable-hooks'
import type { Observable } from 'rxjs'

/** The current value of a store: its snapshot first, then every state it emits. */
export function useStore<T>(store: { readonly state$: Observable<T>; readonly snapshot: T }): T {
  return useObservableState(store.state$, () => store.snapshot)
}
