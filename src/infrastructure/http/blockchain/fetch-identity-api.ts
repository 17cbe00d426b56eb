import type { CaipAddress, Identity } from '../../../domain/entities'
import { identitySchema } from '../../../domain/entity-schemas'
import type { IdentityApi } from '../../../ports/blockchain/identity'
import type { IdentityOptions } from '../../../ports/blockchain/request-options'
import { segment } from '../caip'
import type { FetchHttpClient } from '../fetch-http-client'
import type { NameCaches } from './name-caches'
import { namedAddress } from './supported-account'

const EMPTY_IDENTITY: Identity = Object.freeze({ name: null, avatar: null })

/** {@link IdentityApi} over the blockchain service's HTTP API (docs/service-api.md). */
export class FetchIdentityApi implements IdentityApi {
  constructor(
    private readonly http: FetchHttpClient,
    private readonly caches: NameCaches,
  ) {}

  async getIdentity(address: CaipAddress, options: IdentityOptions = {}): Promise<Identity> {
    options.signal?.throwIfAborted()
    const plain = namedAddress(address)
    if (plain === undefined) return { ...EMPTY_IDENTITY }
    return this.caches.identities.getOrLoad(plain.toLowerCase(), options.forceUpdate, () =>
      this.http.get(`/v1/identity/${segment(plain)}`, identitySchema, {
        query: { sender: options.sender },
        signal: options.signal,
      }),
    )
  }
}
