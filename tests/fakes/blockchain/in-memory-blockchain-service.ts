import type { Container, ServiceIdentifier } from 'inversify'
import { ActivityApi } from '../../../src/ports/blockchain/activity'
import { BalancesApi } from '../../../src/ports/blockchain/balances'
import { IdentityApi } from '../../../src/ports/blockchain/identity'
import { NameRegistrationApi, NamesApi } from '../../../src/ports/blockchain/names'
import { OnRampApi } from '../../../src/ports/blockchain/on-ramp'
import { SupportedChainsApi } from '../../../src/ports/blockchain/supported-chains'
import { SwapApi } from '../../../src/ports/blockchain/swap'
import type { InMemoryBlockchainSeed } from './fake-service'
import { InMemoryActivityApi } from './in-memory-activity-api'
import { InMemoryBalancesApi } from './in-memory-balances-api'
import { InMemoryIdentityApi } from './in-memory-identity-api'
import { InMemoryNamesApi } from './in-memory-names-api'
import { InMemoryOnRampApi } from './in-memory-on-ramp-api'
import { InMemorySupportedChainsApi } from './in-memory-supported-chains-api'
import { InMemorySwapApi } from './in-memory-swap-api'

export type { InMemoryBlockchainSeed } from './fake-service'

/** Every port of the in-memory blockchain service, over one seed (identity reads the names). */
export interface InMemoryBlockchainService {
  readonly supportedChains: InMemorySupportedChainsApi
  readonly balances: InMemoryBalancesApi
  readonly activity: InMemoryActivityApi
  readonly names: InMemoryNamesApi
  readonly identity: InMemoryIdentityApi
  readonly swap: InMemorySwapApi
  readonly onRamp: InMemoryOnRampApi
}

export function inMemoryBlockchainService(seed: InMemoryBlockchainSeed = {}): InMemoryBlockchainService {
  const names = new InMemoryNamesApi(seed)
  return {
    supportedChains: new InMemorySupportedChainsApi(seed),
    balances: new InMemoryBalancesApi(seed),
    activity: new InMemoryActivityApi(seed),
    names,
    identity: new InMemoryIdentityApi(names),
    swap: new InMemorySwapApi(seed),
    onRamp: new InMemoryOnRampApi(seed),
  }
}

type Bind = (id: ServiceIdentifier) => { toConstantValue(value: unknown): unknown }

function bindEach(bind: Bind, service: InMemoryBlockchainService): InMemoryBlockchainService {
  bind(SupportedChainsApi).toConstantValue(service.supportedChains)
  bind(BalancesApi).toConstantValue(service.balances)
  bind(ActivityApi).toConstantValue(service.activity)
  bind(NamesApi).toConstantValue(service.names)
  bind(NameRegistrationApi).toConstantValue(service.names)
  bind(IdentityApi).toConstantValue(service.identity)
  bind(SwapApi).toConstantValue(service.swap)
  bind(OnRampApi).toConstantValue(service.onRamp)
  return service
}

/** Binds every port of the blockchain service to an in-memory one over `seed`; answers the fakes. */
export function bindInMemoryBlockchainService(container: Pick<Container, 'bind'>, seed: InMemoryBlockchainSeed = {}): InMemoryBlockchainService {
  return bindEach((id) => container.bind(id), inMemoryBlockchainService(seed))
}

/** Binds `service`'s fakes over ports already bound (a test container's defaults). */
export function rebindInMemoryBlockchainService(container: Pick<Container, 'rebind'>, service: InMemoryBlockchainService): InMemoryBlockchainService {
  return bindEach((id) => container.rebind(id), service)
}
