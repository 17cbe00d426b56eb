/** The modal instance's own services, bound by the composition root: its configuration and its locale. */
import type { ServiceIdentifier } from 'inversify'
import type { ResolvedConfig } from '../domain/config'
import type { LocaleStore } from './locale-store'

/** The host's validated configuration for this modal instance. */
export const ModalConfig = Symbol('ModalConfig') as ServiceIdentifier<ResolvedConfig>

/**
 * The modal's LocaleStore, as the views read it: a token apart from the class, so the message
 * catalogue, which comes with the first script, does not import the store's module (with that
 * import the bundler split rxjs's BehaviorSubject out of the first script: 0.3 KB gzip more).
 */
export const ModalLocale = Symbol('ModalLocale') as ServiceIdentifier<LocaleStore>
