import { from, of, type Observable } from 'rxjs'
import type { FamilyRule } from '../../domain/chains/family-rules'
import type { ChainNamespace } from '../../domain/entities'
import type { FamilyRules } from '../../ports/family-rules'
import type { Logger } from '../../ports/logger'
import type { ChainWing } from './wing'

/** {@link FamilyRules} read from the wings' on-demand parts, each loaded once (a failed load is tried again). */
export class WingFamilyRules implements FamilyRules {
  private readonly loaded = new Map<ChainNamespace, FamilyRule>()
  private readonly loading = new Map<ChainNamespace, Promise<FamilyRule | undefined>>()

  constructor(
    private readonly wings: readonly Pick<ChainWing, 'namespace' | 'parts'>[],
    private readonly logger: Logger,
  ) {}

  of(namespace: ChainNamespace): Observable<FamilyRule | undefined> {
    const known = this.loaded.get(namespace)
    if (known !== undefined) return of(known)
    const wing = this.wings.find((w) => w.namespace === namespace)
    if (wing === undefined) return of(undefined)
    let loading = this.loading.get(namespace)
    if (loading === undefined) {
      loading = wing.parts().then(async ({ capabilities, address }) => ({ capabilities, address: await address() })).then(
        ({ capabilities, address }) => {
          const rule = { namespace, capabilities, address }
          this.loaded.set(namespace, rule)
          return rule
        },
        (cause: unknown) => {
          this.loading.delete(namespace)
          this.logger.warn(`The ${namespace} family's rules could not be loaded`, cause)
          return undefined
        },
      )
      this.loading.set(namespace, loading)
    }
    return from(loading)
  }
}
