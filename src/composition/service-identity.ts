import type { ResolvedConfig } from '../domain/config'
import type { FetchHttpClientOptions } from '../infrastructure/http/fetch-http-client'

/** Sdk version sent to the services as `sv`. */
const SDK_VERSION = 'walletgate-0.1.0'

/** A service's HTTP settings, with the identity query every call carries. */
export function serviceIdentity(config: ResolvedConfig, baseUrl: string): FetchHttpClientOptions {
  return {
    baseUrl,
    projectId: config.projectId ?? '',
    sdkVersion: SDK_VERSION,
    timeoutMs: config.services.timeoutMs,
    ...(config.clientId === undefined ? {} : { clientId: config.clientId }),
  }
}
