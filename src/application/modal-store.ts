import { BehaviorSubject, distinctUntilChanged, map, type Observable } from 'rxjs'
import type { ViewName } from '../domain/navigation/views'

export interface ModalState {
  readonly open: boolean
  /** Never empty; the last entry is the current view. */
  readonly history: readonly ViewName[]
}

export interface OpenOptions {
  readonly view?: ViewName
}

/** Which view the modal shows and whether it is open. One per modal instance. */
export class ModalStore {
  private readonly subject = new BehaviorSubject<ModalState>({ open: false, history: ['Connect'] })
  readonly state$: Observable<ModalState> = this.subject.asObservable()
  readonly view$: Observable<ViewName> = this.state$.pipe(
    map((state) => currentView(state)),
    distinctUntilChanged(),
  )
  readonly open$: Observable<boolean> = this.state$.pipe(
    map((state) => state.open),
    distinctUntilChanged(),
  )

  get snapshot(): ModalState {
    return this.subject.value
  }

  get view(): ViewName {
    return currentView(this.subject.value)
  }

  /** Opens on the requested view, else Account when connected, else Connect. */
  open(options: OpenOptions, connected: boolean): void {
    const view = options.view ?? (connected ? 'Account' : 'Connect')
    this.subject.next({ open: true, history: [view] })
  }

  close(): void {
    if (this.subject.value.open) this.subject.next({ ...this.subject.value, open: false })
  }

  /** Pushing the current view again is a no-op. */
  push(view: ViewName): void {
    const state = this.subject.value
    if (currentView(state) === view) return
    this.subject.next({ ...state, history: [...state.history, view] })
  }

  replace(view: ViewName): void {
    const state = this.subject.value
    this.subject.next({ ...state, history: [...state.history.slice(0, -1), view] })
  }

  reset(view: ViewName): void {
    this.subject.next({ ...this.subject.value, history: [view] })
  }

  /** Pops the history; with one entry left the modal closes instead. */
  goBack(): void {
    const state = this.subject.value
    if (state.history.length <= 1) {
      this.close()
      return
    }
    this.subject.next({ ...state, history: state.history.slice(0, -1) })
  }
}

function currentView(state: ModalState): ViewName {
  return state.history[state.history.length - 1] ?? 'Connect'
}
