import type { CaipAddress, Identity } from '../../../src/domain/entities'
import type { IdentityApi } from '../../../src/ports/blockchain/identity'
import type { IdentityOptions } from '../../../src/ports/blockchain/request-options'
import { FakeService, parse, supports, type InMemoryBlockchainSeed } from './fake-service'
import { InMemoryNamesApi } from './in-memory-names-api'

/**
 * An in-memory {@link IdentityApi}: an account's identity is its first name in the in-memory name
 * service. Passes the same contract suite as `FetchIdentityApi`.
 */
export class InMemoryIdentityApi extends FakeService<'getIdentity'> implements IdentityApi {
  constructor(private readonly names: Pick<InMemoryNamesApi, 'profilesOf'>) {
    super()
  }

  /** An identity fake over a name service of its own, seeded with `seed.names`. */
  static withNames(seed: InMemoryBlockchainSeed = {}): InMemoryIdentityApi {
    return new InMemoryIdentityApi(new InMemoryNamesApi(seed))
  }

  getIdentity(address: CaipAddress, options: IdentityOptions = {}): Promise<Identity> {
    const parsed = parse(address)
    if (!parsed || !supports('names', parsed.namespace)) return this.local(options, () => ({ name: null, avatar: null }))
    return this.serve('getIdentity', options, () => {
      const profile = this.names.profilesOf(parsed.address)[0]
      return { name: profile?.name ?? null, avatar: profile?.attributes.avatar ?? null }
    })
  }
}
