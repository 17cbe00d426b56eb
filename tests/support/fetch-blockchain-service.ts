import { FetchActivityApi } from '../../src/infrastructure/http/blockchain/fetch-activity-api'
import { FetchBalancesApi } from '../../src/infrastructure/http/blockchain/fetch-balances-api'
import { FetchIdentityApi } from '../../src/infrastructure/http/blockchain/fetch-identity-api'
import { FetchNameRegistrationApi } from '../../src/infrastructure/http/blockchain/fetch-name-registration-api'
import { FetchNamesApi } from '../../src/infrastructure/http/blockchain/fetch-names-api'
import { FetchOnRampApi } from '../../src/infrastructure/http/blockchain/fetch-on-ramp-api'
import { FetchSupportedChainsApi } from '../../src/infrastructure/http/blockchain/fetch-supported-chains-api'
import { FetchSwapApi } from '../../src/infrastructure/http/blockchain/fetch-swap-api'
import { NameCaches } from '../../src/infrastructure/http/blockchain/name-caches'
import type { FetchHttpClient } from '../../src/infrastructure/http/fetch-http-client'
import type { Clock } from '../../src/ports/clock'
import type { Logger } from '../../src/ports/logger'

/**
 * Every Fetch adapter of the blockchain service over one HTTP client, wired as the composition
 * root wires them: one supported-chains list and one set of name caches.
 */
export function fetchBlockchainService(
  http: FetchHttpClient,
  clock: Clock,
  options: { readonly swapChainIds?: readonly number[]; readonly logger?: Pick<Logger, 'warn'> } = {},
) {
  const supportedChains = new FetchSupportedChainsApi(http)
  const caches = new NameCaches(clock)
  return {
    supportedChains,
    balances: new FetchBalancesApi(http, supportedChains, clock),
    activity: new FetchActivityApi(http, supportedChains),
    identity: new FetchIdentityApi(http, caches),
    names: new FetchNamesApi(http, caches),
    registration: new FetchNameRegistrationApi(http, caches),
    swap: new FetchSwapApi(http, { swapChainIds: options.swapChainIds }),
    onRamp: new FetchOnRampApi(http, { logger: options.logger }),
  }
}
