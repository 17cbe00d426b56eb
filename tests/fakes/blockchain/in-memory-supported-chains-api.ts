import type { CaipNetworkId } from '../../../src/domain/entities'
import type { RequestOptions } from '../../../src/ports/blockchain/request-options'
import type { SupportedChains, SupportedChainsApi } from '../../../src/ports/blockchain/supported-chains'
import { aborted, FakeService, supportedChainsOf, type InMemoryBlockchainSeed } from './fake-service'

/** An in-memory {@link SupportedChainsApi} over the seeded chains; passes the same contract as the adapter. */
export class InMemorySupportedChainsApi extends FakeService<'getSupportedChains'> implements SupportedChainsApi {
  private readonly supported: CaipNetworkId[]

  constructor(seed: InMemoryBlockchainSeed = {}) {
    super()
    this.supported = supportedChainsOf(seed)
  }

  getSupportedChains(options: RequestOptions = {}): Promise<SupportedChains> {
    return this.serve('getSupportedChains', options, () => ({ http: [...this.supported], ws: [] }))
  }

  isNetworkSupported(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<boolean> {
    aborted(options)
    return Promise.resolve(this.supported.includes(chainId))
  }
}
