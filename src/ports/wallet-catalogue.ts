import type { ServiceIdentifier } from 'inversify'
import type { WalletListing } from '../domain/entities'

/**
 * The wallet catalogue service (spec section 7, wallet-modal traffic; wire contract
 * docs/service-api.md). Every method rejects with a typed service error from `./http-errors`
 * (`HttpError`, `MalformedResponseError`, `ServiceUnreachableError`, `ServiceTimeoutError`) on
 * failure, or with the signal's reason on abort; nothing else.
 */
export interface WalletCatalogue {
  /**
   * One page of wallets (GET /getWallets), ordered by `order`. MUST ask for `entries` wallets
   * (default 40, spec section 9) of the 1-based `page`; `count` is the total matching wallets.
   */
  getWallets(params: WalletPageParams, options?: CatalogueRequestOptions): Promise<WalletPage>

  /** Wallets matching `search` (name), 100 per page (spec section 9), first page. */
  searchWallets(search: string, filter?: WalletFilter, options?: CatalogueRequestOptions): Promise<WalletPage>

  /** The first 4 wallets by `order` (recommended, spec section 9), honouring include and exclude. */
  getRecommendedWallets(filter?: WalletFilter, options?: CatalogueRequestOptions): Promise<WalletPage>

  /** MUST return the absolute URL of a wallet image (GET /getWalletImage/{imageId}); no request. */
  walletImageUrl(imageId: string): string
  /** MUST return the absolute URL of an asset (network) image; no request. */
  assetImageUrl(imageId: string): string
  /** MUST return the absolute URL of a currency image; no request. */
  currencyImageUrl(imageId: string): string
  /** MUST return the absolute URL of a token image; no request. */
  tokenImageUrl(imageId: string): string

  /** Remote feature switches of the project (GET /appkit/v1/config). */
  getProjectConfig(options?: CatalogueRequestOptions): Promise<RemoteFeatureSwitch[]>

  /** Origins the project allows (GET /projects/v1/origins). */
  getAllowedOrigins(options?: CatalogueRequestOptions): Promise<string[]>

  /** Whether analytics and auth are on for the project (GET /getAnalyticsConfig). */
  getAnalyticsConfig(options?: CatalogueRequestOptions): Promise<AnalyticsConfig>
}
export const WalletCatalogue = Symbol('WalletCatalogue') as ServiceIdentifier<WalletCatalogue>

export interface CatalogueRequestOptions {
  readonly signal?: AbortSignal
}

export interface WalletFilter {
  /** Only these wallet ids. */
  readonly include?: readonly string[]
  /** Never these wallet ids. */
  readonly exclude?: readonly string[]
}

export interface WalletPageParams extends WalletFilter {
  /** 1-based. */
  readonly page: number
  /** Defaults to 40. */
  readonly entries?: number
  readonly search?: string
}

export interface WalletPage {
  /** Total wallets matching the query (not just this page). */
  count: number
  data: WalletListing[]
}

export interface RemoteFeatureSwitch {
  id: string
  isEnabled: boolean
  config: unknown
}

export interface AnalyticsConfig {
  isAnalyticsEnabled: boolean
  isAppKitAuthEnabled: boolean
}
