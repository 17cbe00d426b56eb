import type { WalletModalConfig } from '../../src/domain/config'

/** A valid modal configuration; override any field. */
export function aModalConfig(overrides: Partial<WalletModalConfig> = {}): WalletModalConfig {
  return {
    projectId: 'walletgate-test',
    networks: [
      {
        id: 31337,
        chainNamespace: 'eip155',
        name: 'Devnet A',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: ['http://127.0.0.1:8545'],
      },
    ],
    ...overrides,
  }
}
