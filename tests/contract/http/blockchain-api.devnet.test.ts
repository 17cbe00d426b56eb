import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { FetchBlockchainApi } from '../../../src/infrastructure/http/fetch-blockchain-api'
import { ManualClock } from '../../fakes/manual-clock'
import { blockchainApiContract } from './blockchain-api.contract'
import { devnet, devnetHttpClient } from './devnet'

const registrantKey = generatePrivateKey()
const registrant = privateKeyToAccount(registrantKey)

blockchainApiContract('FetchBlockchainApi over HTTP to the devnet', async () => {
  const d = devnet()
  const chainNumber = 31337
  const fungibles = d.tokens[chainNumber]!.fungibles
  const native = fungibles[0]!
  const token = fungibles.find((f) => f.symbol === 'dUSD') ?? fungibles[1]!
  return {
    api: new FetchBlockchainApi(devnetHttpClient(), new ManualClock(), { swapChainIds: [31337, 31338] }),
    chainId: `eip155:${chainNumber}`,
    funded: { address: d.accounts[2]!.address as `0x${string}` },
    // A key of its own: the service keeps names across chain restarts, and the names e2e file
    // registers the first name of account 6 on the same devnet.
    registrant: { address: registrant.address, privateKey: registrantKey },
    nativeToken: native.caip10,
    token: { caip10: token.caip10, symbol: token.symbol, decimals: token.decimals },
    zone: 'wg.id',
  }
})
