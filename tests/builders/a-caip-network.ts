import type { CaipNetwork } from '../../src/domain/entities'

/** The devnet's eip155 chain. */
export function aCaipNetwork(overrides: Partial<CaipNetwork> = {}): CaipNetwork {
  return {
    id: 31337,
    caipNetworkId: 'eip155:31337',
    chainNamespace: 'eip155',
    name: 'Walletgate Devnet',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: ['http://127.0.0.1:8545'],
    ...overrides,
  }
}

export function aSolanaNetwork(overrides: Partial<CaipNetwork> = {}): CaipNetwork {
  return aCaipNetwork({
    id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    chainNamespace: 'solana',
    name: 'Solana',
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    rpcUrls: ['http://127.0.0.1:8899'],
    ...overrides,
  })
}
