import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ManualClock } from '../../fakes/manual-clock'
import { fetchBlockchainService } from '../../support/fetch-blockchain-service'
import { activityContract } from './blockchain/activity.contract'
import { balancesContract } from './blockchain/balances.contract'
import { nameServiceContract } from './blockchain/names.contract'
import { onRampContract } from './blockchain/on-ramp.contract'
import { supportedChainsContract } from './blockchain/supported-chains.contract'
import { swapContract } from './blockchain/swap.contract'
import { tokenSearchContract } from './blockchain/token-search.contract'
import type { BlockchainWorld } from './blockchain/world'
import { devnet, devnetHttpClient } from './devnet'

const registrantKey = generatePrivateKey()
const registrant = privateKeyToAccount(registrantKey)
const LABEL = 'Fetch adapter over HTTP to the devnet'

function world(): BlockchainWorld {
  const d = devnet()
  const chainNumber = 31337
  const fungibles = d.tokens[chainNumber]!.fungibles
  const native = fungibles[0]!
  const token = fungibles.find((f) => f.symbol === 'dUSD') ?? fungibles[1]!
  return {
    chainId: `eip155:${chainNumber}`,
    funded: { address: d.accounts[2]!.address as `0x${string}` },
    // A key of its own: the service keeps names across chain restarts, and the names e2e file
    // registers the first name of account 6 on the same devnet.
    registrant: { address: registrant.address, privateKey: registrantKey },
    nativeToken: native.caip10,
    token: { caip10: token.caip10, symbol: token.symbol, decimals: token.decimals },
    zone: 'wg.id',
  }
}

/** Each suite its own adapters over a client of its own, wired as the composition root wires them. */
const service = () => fetchBlockchainService(devnetHttpClient(), new ManualClock(), { swapChainIds: [31337, 31338] })

supportedChainsContract(LABEL, () => Promise.resolve({ ...world(), api: service().supportedChains }))
balancesContract(LABEL, () => Promise.resolve({ ...world(), api: service().balances }))
activityContract(LABEL, () => Promise.resolve({ ...world(), api: service().activity }))
swapContract(LABEL, () => Promise.resolve({ ...world(), api: service().swap }))
tokenSearchContract(LABEL, () => Promise.resolve({ ...world(), api: service().swap }))
onRampContract(LABEL, () => Promise.resolve({ ...world(), api: service().onRamp }))
nameServiceContract(LABEL, () => {
  const { names, registration, identity } = service()
  return Promise.resolve({ ...world(), names, registration, identity })
})
