import type { ServiceIdentifier } from 'inversify'
import type { CaipAddress, Identity } from '../../domain/entities'
import type { IdentityOptions } from './request-options'

/** The name and avatar the blockchain service knows an account by (failures: `./request-options`). */
export interface IdentityApi {
  /**
   * Name and avatar of an account (GET /v1/identity/{address}?sender=). MUST resolve
   * `{ name: null, avatar: null }` without a request for a non-eip155 address. Cached 5 min per
   * address; `forceUpdate` bypasses the cache. A name registered through {@link NameRegistrationApi}
   * of the same modal is never hidden by this cache.
   */
  getIdentity(address: CaipAddress, options?: IdentityOptions): Promise<Identity>
}
export const IdentityApi = Symbol('IdentityApi') as ServiceIdentifier<IdentityApi>
