import { BehaviorSubject, type Observable } from 'rxjs'
import type { ThemeMode } from '../domain/entities'

export class ThemeStore {
  private readonly subject: BehaviorSubject<ThemeMode>
  readonly mode$: Observable<ThemeMode>

  constructor(initial: ThemeMode) {
    this.subject = new BehaviorSubject<ThemeMode>(initial)
    this.mode$ = this.subject.asObservable()
  }

  get mode(): ThemeMode {
    return this.subject.value
  }

  setMode(mode: ThemeMode): void {
    if (mode !== this.subject.value) this.subject.next(mode)
  }
}
