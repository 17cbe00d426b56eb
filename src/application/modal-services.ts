/** The modal instance's own services, bound by the composition root: its configuration and its locale. */
import type { ServiceIdentifier } from 'inversify'
import type { ResolvedConfig } from '../domain/config'
import type { LocaleStore } from './locale-store'
import type { KeyValueStorage } from '../ports/key-value-storage'

/** The host's validated configuration for this modal instance. */
export const ModalConfig = Symbol('ModalConfig') as ServiceIdentifier<ResolvedConfig>

/**
 * The modal's LocaleStore, as the views read it: a token apart from the class, so the message
 * catalogue, which comes with the first script, does not import the store's module (with that
 * import the bundler split rxjs's BehaviorSubject out of the first script: 0.3 KB gzip more).
 */
export const ModalLocale = Symbol('ModalLocale') as ServiceIdentifier<LocaleStore>

/**
 * What the terms and privacy checkbox (`features.legalCheckbox`) needs: where consent is kept and
 * the host's documents. A token here, with the modal's others, so that the checkbox's own chunk
 * holds its code (./connection/legal-consent.ts) and the shell shares no new chunk with it.
 */
export interface LegalConsentSource {
  readonly storage: KeyValueStorage
  /** The host's terms of service and privacy policy: consent given to other ones is asked again. */
  readonly terms?: string | undefined
  readonly privacy?: string | undefined
}
export const LegalConsentSource = Symbol('LegalConsentSource') as ServiceIdentifier<LegalConsentSource>
