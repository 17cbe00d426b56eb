import { inMemoryBlockchainService } from '../../fakes/blockchain/in-memory-blockchain-service'
import { activityContract } from './blockchain/activity.contract'
import { balancesContract } from './blockchain/balances.contract'
import { nameServiceContract } from './blockchain/names.contract'
import { onRampContract } from './blockchain/on-ramp.contract'
import { supportedChainsContract } from './blockchain/supported-chains.contract'
import { swapContract } from './blockchain/swap.contract'
import { tokenSearchContract } from './blockchain/token-search.contract'
import { IN_MEMORY_SEED, IN_MEMORY_WORLD } from './blockchain/in-memory-world'

const LABEL = 'in-memory fake'
const service = () => inMemoryBlockchainService(IN_MEMORY_SEED)
const world = IN_MEMORY_WORLD

supportedChainsContract(LABEL, () => Promise.resolve({ ...world, api: service().supportedChains }))
balancesContract(LABEL, () => Promise.resolve({ ...world, api: service().balances }))
activityContract(LABEL, () => Promise.resolve({ ...world, api: service().activity }))
swapContract(LABEL, () => Promise.resolve({ ...world, api: service().swap }))
tokenSearchContract(LABEL, () => Promise.resolve({ ...world, api: service().swap }))
onRampContract(LABEL, () => Promise.resolve({ ...world, api: service().onRamp }))
nameServiceContract(LABEL, () => {
  const { names, identity } = service()
  return Promise.resolve({ ...world, names, registration: names, identity })
})
