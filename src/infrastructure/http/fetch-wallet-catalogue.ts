import {
  RECOMMENDED_WALLETS_LIMIT,
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_PAGE_SIZE,
} from '../../domain/constants'
import type {
  AnalyticsConfig,
  CatalogueRequestOptions,
  RemoteFeatureSwitch,
  WalletCatalogue,
  WalletFilter,
  WalletPage,
  WalletPageParams,
} from '../../ports/wallet-catalogue'
import { boundWalletName } from '../../domain/validation/text-bounds'
import { segment } from './caip'
import type { HttpClient } from './service-urls'

/** The answers' zod schemas, fetched alongside the first request rather than with this adapter. */
const schemas = () => import('./wallet-catalogue-schemas')

/** {@link WalletCatalogue} over the catalogue service's HTTP API (docs/service-api.md). */
export class FetchWalletCatalogue implements WalletCatalogue {
  constructor(private readonly http: HttpClient) {}

  async getWallets(params: WalletPageParams, options: CatalogueRequestOptions = {}): Promise<WalletPage> {
    const answer = await this.http.get('/getWallets', schemas().then((s) => s.walletPageSchema), {
      query: {
        page: params.page,
        entries: params.entries ?? WALLET_PAGE_SIZE,
        search: params.search,
        include: params.include,
        exclude: params.exclude,
      },
      signal: options.signal,
    })
    // Names are untrusted text: bounded like an announced wallet's.
    return { count: answer.count, data: answer.data.map((wallet) => ({ ...wallet, name: boundWalletName(wallet.name) })) }
  }

  searchWallets(search: string, filter: WalletFilter = {}, options: CatalogueRequestOptions = {}): Promise<WalletPage> {
    return this.getWallets({ ...filter, page: 1, entries: WALLET_SEARCH_PAGE_SIZE, search }, options)
  }

  getRecommendedWallets(filter: WalletFilter = {}, options: CatalogueRequestOptions = {}): Promise<WalletPage> {
    return this.getWallets({ ...filter, page: 1, entries: RECOMMENDED_WALLETS_LIMIT }, options)
  }

  walletImageUrl(imageId: string): string {
    return this.http.getUrl(`/getWalletImage/${segment(imageId)}`)
  }

  assetImageUrl(imageId: string): string {
    return this.http.getUrl(`/public/getAssetImage/${segment(imageId)}`)
  }

  currencyImageUrl(imageId: string): string {
    return this.http.getUrl(`/public/getCurrencyImage/${segment(imageId)}`)
  }

  tokenImageUrl(imageId: string): string {
    return this.http.getUrl(`/public/getTokenImage/${segment(imageId)}`)
  }

  async getProjectConfig(options: CatalogueRequestOptions = {}): Promise<RemoteFeatureSwitch[]> {
    const answer = await this.http.get('/appkit/v1/config', schemas().then((s) => s.projectConfigSchema), options)
    return answer.features.map((feature) => ({
      id: feature.id,
      isEnabled: feature.isEnabled,
      config: feature.config,
    }))
  }

  async getAllowedOrigins(options: CatalogueRequestOptions = {}): Promise<string[]> {
    const answer = await this.http.get('/projects/v1/origins', schemas().then((s) => s.originsSchema), options)
    return answer.allowedOrigins
  }

  getAnalyticsConfig(options: CatalogueRequestOptions = {}): Promise<AnalyticsConfig> {
    return this.http.get('/getAnalyticsConfig', schemas().then((s) => s.analyticsConfigSchema), options)
  }
}
