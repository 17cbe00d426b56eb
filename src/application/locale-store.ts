import { BehaviorSubject, type Observable } from 'rxjs'

/** The visitor's language as the modal shows it: a BCP 47 tag and the host's own wording by key. */
export interface LocaleState {
  /** What the host asked for, or the browser's language (`de-DE`), or `en`. */
  readonly locale: string
  /** Per-string overrides by message key, over every language. */
  readonly messages: Readonly<Record<string, string>>
}

/**
 * The language the modal speaks and writes numbers in. Views re-render from `state$`; use cases
 * that read or write amounts read `locale` when they need it, so a change applies to the next
 * keystroke without losing what was typed.
 */
export class LocaleStore {
  private readonly subject: BehaviorSubject<LocaleState>
  readonly state$: Observable<LocaleState>

  /** `browserLocale` is asked only when the host named no locale (and again at each read until it answers). */
  constructor(
    requested: string | undefined,
    messages: Readonly<Record<string, string>> | undefined,
    private readonly browserLocale: () => string | undefined,
  ) {
    this.requested = requested
    this.subject = new BehaviorSubject<LocaleState>({ locale: this.resolve(), messages: messages ?? {} })
    this.state$ = this.subject.asObservable()
  }

  private requested: string | undefined

  private resolve(): string {
    return this.requested ?? this.browserLocale() ?? 'en'
  }

  get snapshot(): LocaleState {
    const locale = this.resolve()
    // A store made before there was a browser (server rendering) learns the language at first use.
    if (locale !== this.subject.value.locale) this.subject.next({ ...this.subject.value, locale })
    return this.subject.value
  }

  get locale(): string {
    return this.snapshot.locale
  }

  /** Switches the language; with `messages`, also replaces the host's overrides. */
  set(locale: string, messages?: Readonly<Record<string, string>>): void {
    this.requested = locale
    const current = this.subject.value
    if (locale === current.locale && messages === undefined) return
    this.subject.next({ locale, messages: messages ?? current.messages })
  }
}
