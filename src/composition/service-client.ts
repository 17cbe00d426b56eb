import type { ResolvedConfig } from '../domain/config'
import { FetchHttpClient } from '../infrastructure/http/fetch-http-client'
import { serviceIdentity } from './service-identity'

/**
 * One HTTP client per service origin, carrying the identity query of every call: for the bindings
 * that load on demand. What the page binds before any request takes an OnDemandHttpClient.
 */
export function serviceClient(config: ResolvedConfig, baseUrl: string): FetchHttpClient {
  return new FetchHttpClient(serviceIdentity(config, baseUrl))
}
