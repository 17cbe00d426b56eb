import type { z } from 'zod/mini'
import type { FetchHttpClient, FetchHttpClientOptions } from './fetch-http-client'
import { ServiceUrls, type GetOptions, type HttpClient, type PostOptions } from './service-urls'

/**
 * The HTTP client a page holds before any request: its URLs are at hand (an image's `src`), its
 * request machinery (./fetch-http-client.ts, with the services' errors) loads with the first
 * request. A failed load is tried again by the next request.
 */
export class OnDemandHttpClient extends ServiceUrls implements HttpClient {
  private loading: Promise<FetchHttpClient> | undefined

  constructor(private readonly options: FetchHttpClientOptions) {
    super(options)
  }

  get<S extends z.ZodMiniType>(path: string, schema: S | Promise<S>, options?: GetOptions): Promise<z.output<S>> {
    return this.client().then((client) => client.get(path, schema, options))
  }

  post<S extends z.ZodMiniType>(path: string, schema: S | Promise<S>, options?: PostOptions): Promise<z.output<S>> {
    return this.client().then((client) => client.post(path, schema, options))
  }

  private client(): Promise<FetchHttpClient> {
    const loading = (this.loading ??= import('./fetch-http-client').then(({ FetchHttpClient }) => new FetchHttpClient(this.options)))
    loading.catch(() => (this.loading = undefined))
    return loading
  }
}
