import type { ServiceIdentifier } from 'inversify'
import type { Observable } from 'rxjs'
import type { FamilyRule } from '../domain/chains/family-rules'
import type { ChainNamespace } from '../domain/entities'

/**
 * Each chain family's capabilities and address rule, as its wing declares them in its on-demand
 * part: the features that run after a connect or when a view opens ask here rather than switch on
 * a namespace.
 */
export interface FamilyRules {
  /**
   * The rules of `namespace`'s family: emits them once its wing's part is loaded (at once when it
   * is), then completes. MUST emit undefined, never error, when the modal has no wing of that
   * family or its part fails to load (the next call tries again).
   */
  of(namespace: ChainNamespace): Observable<FamilyRule | undefined>
}
export const FamilyRules = Symbol('FamilyRules') as ServiceIdentifier<FamilyRules>
