/**
 * The in-memory blockchain service's world: the seed of its ports and the accounts and tokens the
 * blockchain contract suites work with. The fakes' own suites use it, and so does the server's,
 * where the same ports answer its chain-data routes (server/test/modal).
 */
import { aFungibleTransfer, aTransaction } from '../../../builders/a-transaction'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'
import type { InMemoryBlockchainSeed } from '../../../fakes/blockchain/in-memory-blockchain-service'
import type { BlockchainWorld } from './world'

const chainId = 'eip155:31337' as const
const funded = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as const
const nativeToken = `${chainId}:0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE`
const token = `${chainId}:0x5FbDB2315678afecb367f032d93F642f64180aa3`

export const IN_MEMORY_SEED: InMemoryBlockchainSeed = {
  supportedChains: [chainId, 'eip155:31338'],
  balances: {
    [`${chainId}:${funded}`]: [
      aNativeBalance({ chainId, quantity: { decimals: '18', numeric: '10000' } }),
      aTokenBalance({ chainId, address: token, symbol: 'dUSD', quantity: { decimals: '6', numeric: '10000' } }),
    ],
  },
  transactions: {
    [`${chainId}:${funded}`]: [
      aTransaction({ metadata: { chain: chainId, operationType: 'receive' }, transfers: [aFungibleTransfer({ fungible_info: { name: 'Devnet USD', symbol: 'dUSD', icon: { url: 'https://example.test/dusd.svg' } }, direction: 'in', quantity: { numeric: '100' } })] }),
      aTransaction({ metadata: { chain: chainId } }),
    ],
  },
  prices: [
    { name: 'Ether', symbol: 'ETH', iconUrl: 'https://example.test/eth.svg', price: 2500, address: nativeToken },
    { name: 'Devnet USD', symbol: 'dUSD', iconUrl: 'https://example.test/dusd.svg', price: 1, address: token },
  ],
  swapTokens: {
    [chainId]: [
      { name: 'Ether', symbol: 'ETH', address: nativeToken, decimals: 18, logoUri: 'https://example.test/eth.svg' },
      { name: 'Devnet USD', symbol: 'dUSD', address: token, decimals: 6, logoUri: 'https://example.test/dusd.svg' },
    ],
  },
}

export const IN_MEMORY_WORLD: BlockchainWorld = {
  chainId,
  funded: { address: funded },
  registrant: {
    address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
    privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  },
  nativeToken,
  token: { caip10: token, symbol: 'dUSD', decimals: 6 },
  zone: 'wg.id',
}
