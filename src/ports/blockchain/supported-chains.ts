import type { ServiceIdentifier } from 'inversify'
import type { CaipNetworkId } from '../../domain/entities'
import type { RequestOptions } from './request-options'

/** Which networks the blockchain service runs (failures and options: `./request-options`). */
export interface SupportedChainsApi {
  /**
   * MUST GET /v1/supported-chains once per instance while it succeeds (later calls answer from
   * memory) and resolve its CAIP-2 lists.
   */
  getSupportedChains(options?: RequestOptions): Promise<SupportedChains>

  /**
   * MUST resolve true when `chainId` (CAIP-2) is in the service's `http` list. When the list cannot
   * be fetched it MUST resolve true (the real call then reports the failure). Never rejects except
   * on abort.
   */
  isNetworkSupported(chainId: CaipNetworkId, options?: RequestOptions): Promise<boolean>
}
export const SupportedChainsApi = Symbol('SupportedChainsApi') as ServiceIdentifier<SupportedChainsApi>

export interface SupportedChains {
  readonly http: CaipNetworkId[]
  readonly ws: CaipNetworkId[]
}
