import type { ResolvedConfig } from '../domain/config'
import { FetchHttpClient } from '../infrastructure/http/fetch-http-client'

/** Sdk version sent to the services as `sv`. */
const SDK_VERSION = 'walletgate-0.1.0'

/** One HTTP client per service origin, carrying the identity query of every call. */
export function serviceClient(config: ResolvedConfig, baseUrl: string): FetchHttpClient {
  return new FetchHttpClient({
    baseUrl,
    projectId: config.projectId ?? '',
    sdkVersion: SDK_VERSION,
    timeoutMs: config.services.timeoutMs,
    ...(config.clientId === undefined ? {} : { clientId: config.clientId }),
  })
}
