import type { CaipNetworkId } from '../../../domain/entities'
import type { RequestOptions } from '../../../ports/blockchain/request-options'
import type { SupportedChains, SupportedChainsApi } from '../../../ports/blockchain/supported-chains'
import { isAbortError } from '../../../ports/http-errors'
import type { FetchHttpClient } from '../fetch-http-client'
import { supportedChainsSchema } from '../../../wire/chain-data'

/**
 * {@link SupportedChainsApi} over the blockchain service's HTTP API (docs/service-api.md). One
 * instance serves every adapter that asks, so the list is fetched once per modal.
 */
export class FetchSupportedChainsApi implements SupportedChainsApi {
  private supportedChains: SupportedChains | undefined

  constructor(private readonly http: FetchHttpClient) {}

  async getSupportedChains(options: RequestOptions = {}): Promise<SupportedChains> {
    options.signal?.throwIfAborted()
    if (this.supportedChains) return this.supportedChains
    const chains = await this.http.get('/v1/supported-chains', supportedChainsSchema, options)
    this.supportedChains = chains
    return chains
  }

  async isNetworkSupported(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<boolean> {
    try {
      const { http } = await this.getSupportedChains(options)
      return http.includes(chainId)
    } catch (error) {
      if (isAbortError(error)) throw error
      return true
    }
  }
}
