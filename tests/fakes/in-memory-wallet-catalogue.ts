import {
  RECOMMENDED_WALLETS_LIMIT,
  WALLET_PAGE_SIZE,
  WALLET_SEARCH_PAGE_SIZE,
} from '../../src/domain/constants'
import type { WalletListing } from '../../src/domain/entities'
import type {
  AnalyticsConfig,
  CatalogueRequestOptions,
  RemoteFeatureSwitch,
  WalletCatalogue,
  WalletFilter,
  WalletPage,
  WalletPageParams,
} from '../../src/ports/wallet-catalogue'

type Method = keyof WalletCatalogue

export interface InMemoryWalletCatalogueSeed {
  readonly wallets?: readonly WalletListing[]
  readonly features?: readonly RemoteFeatureSwitch[]
  readonly allowedOrigins?: readonly string[]
  readonly analyticsConfig?: AnalyticsConfig
  /** Base of image URLs. */
  readonly baseUrl?: string
}

/**
 * An in-memory {@link WalletCatalogue} over seeded wallets, with the service's paging, search,
 * include and exclude rules. `calls` lists the methods that reached the "service";
 * `failNext(method, error)` makes the next call fail.
 */
export class InMemoryWalletCatalogue implements WalletCatalogue {
  readonly calls: Method[] = []
  private readonly failures = new Map<Method, unknown[]>()
  private readonly wallets: WalletListing[]
  private readonly baseUrl: string

  constructor(private readonly seed: InMemoryWalletCatalogueSeed = {}) {
    this.wallets = [...(seed.wallets ?? [])].sort((a, b) => a.order - b.order)
    this.baseUrl = (seed.baseUrl ?? 'http://127.0.0.1').replace(/\/+$/, '')
  }

  failNext(method: Method, error: unknown): void {
    const queue = this.failures.get(method) ?? []
    queue.push(error)
    this.failures.set(method, queue)
  }

  getWallets(params: WalletPageParams, options: CatalogueRequestOptions = {}): Promise<WalletPage> {
    return this.serve('getWallets', options, () => {
      const entries = params.entries ?? WALLET_PAGE_SIZE
      const search = params.search?.trim().toLowerCase()
      const include = params.include && params.include.length > 0 ? new Set(params.include) : undefined
      const exclude = new Set(params.exclude ?? [])
      const matching = this.wallets.filter(
        (w) =>
          (!include || include.has(w.id)) &&
          !exclude.has(w.id) &&
          (!search || w.name.toLowerCase().includes(search)),
      )
      const start = (Math.max(1, params.page) - 1) * entries
      return { count: matching.length, data: matching.slice(start, start + entries) }
    })
  }

  searchWallets(search: string, filter: WalletFilter = {}, options: CatalogueRequestOptions = {}): Promise<WalletPage> {
    return this.getWallets({ ...filter, page: 1, entries: WALLET_SEARCH_PAGE_SIZE, search }, options)
  }

  getRecommendedWallets(filter: WalletFilter = {}, options: CatalogueRequestOptions = {}): Promise<WalletPage> {
    return this.getWallets({ ...filter, page: 1, entries: RECOMMENDED_WALLETS_LIMIT }, options)
  }

  walletImageUrl(imageId: string): string {
    return `${this.baseUrl}/getWalletImage/${encodeURIComponent(imageId)}`
  }

  assetImageUrl(imageId: string): string {
    return `${this.baseUrl}/public/getAssetImage/${encodeURIComponent(imageId)}`
  }

  currencyImageUrl(imageId: string): string {
    return `${this.baseUrl}/public/getCurrencyImage/${encodeURIComponent(imageId)}`
  }

  tokenImageUrl(imageId: string): string {
    return `${this.baseUrl}/public/getTokenImage/${encodeURIComponent(imageId)}`
  }

  getProjectConfig(options: CatalogueRequestOptions = {}): Promise<RemoteFeatureSwitch[]> {
    return this.serve('getProjectConfig', options, () => structuredClone([...(this.seed.features ?? [])]))
  }

  getAllowedOrigins(options: CatalogueRequestOptions = {}): Promise<string[]> {
    return this.serve('getAllowedOrigins', options, () => [...(this.seed.allowedOrigins ?? [])])
  }

  getAnalyticsConfig(options: CatalogueRequestOptions = {}): Promise<AnalyticsConfig> {
    return this.serve('getAnalyticsConfig', options, () => ({
      ...(this.seed.analyticsConfig ?? { isAnalyticsEnabled: true, isAppKitAuthEnabled: true }),
    }))
  }

  private serve<T>(method: Method, options: CatalogueRequestOptions, answer: () => T): Promise<T> {
    try {
      options.signal?.throwIfAborted()
      this.calls.push(method)
      const queue = this.failures.get(method)
      if (queue && queue.length > 0) return Promise.reject(queue.shift() as Error)
      return Promise.resolve(answer())
    } catch (error) {
      return Promise.reject(error as Error)
    }
  }
}

/** A catalogue entry with every field filled; override what a test cares about. */
export function aWalletListing(overrides: Partial<WalletListing> = {}): WalletListing {
  const id = overrides.id ?? `wallet-${Math.random().toString(36).slice(2, 10)}`
  return {
    id,
    name: `Wallet ${id}`,
    homepage: `https://${id}.example`,
    image_id: `${id}-image`,
    order: 1,
    rdns: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    injected: null,
    chains: ['eip155:1'],
    ...overrides,
  }
}
