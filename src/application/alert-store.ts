import { BehaviorSubject, type Observable } from 'rxjs'
import type { AlertDescriptor } from '../domain/messages'

/** The one alert the modal shows above its views (spec section 8 "Alert errors"), or null. */
export class AlertStore {
  private readonly subject: BehaviorSubject<AlertDescriptor | null>
  readonly alert$: Observable<AlertDescriptor | null>
  private readonly shown = new Set<string>()

  constructor(initial: AlertDescriptor | null = null) {
    this.subject = new BehaviorSubject<AlertDescriptor | null>(initial)
    this.alert$ = this.subject.asObservable()
    if (initial !== null) this.shown.add(initial.code)
  }

  get alert(): AlertDescriptor | null {
    return this.subject.value
  }

  show(alert: AlertDescriptor): void {
    this.shown.add(alert.code)
    this.subject.next(alert)
  }

  /** Shows the alert unless this modal already showed it (e.g. the analytics 403 alert). */
  showOnce(alert: AlertDescriptor): void {
    if (!this.shown.has(alert.code)) this.show(alert)
  }

  dismiss(): void {
    this.subject.next(null)
  }
}
