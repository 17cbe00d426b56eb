import { BehaviorSubject, type Observable } from 'rxjs'
import type { LegalConsentSource } from '../modal-services'

const CONSENT_KEY = '@walletgate/legal-consent'

/**
 * Whether the visitor agreed to the host's terms and privacy policy: every connect method waits
 * for it. Remembered once given, for these documents.
 */
export class LegalConsent {
  private readonly subject: BehaviorSubject<boolean>
  readonly agreed$: Observable<boolean>

  constructor(readonly source: LegalConsentSource) {
    this.subject = new BehaviorSubject(source.storage.get(CONSENT_KEY) === this.documents)
    this.agreed$ = this.subject.asObservable()
  }

  get agreed(): boolean {
    return this.subject.value
  }

  agree(): void {
    this.source.storage.set(CONSENT_KEY, this.documents)
    this.subject.next(true)
  }

  private get documents(): string {
    return `${this.source.terms} ${this.source.privacy}`
  }
}

const consents = new WeakMap<LegalConsentSource, LegalConsent>()

/** The one consent of a modal (its source is one per container). */
export function legalConsentOf(source: LegalConsentSource): LegalConsent {
  let consent = consents.get(source)
  if (consent === undefined) consents.set(source, (consent = new LegalConsent(source)))
  return consent
}
