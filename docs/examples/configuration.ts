import { createWalletModal, InvalidConfigError, type WalletModalConfig } from 'walletgate'

const config: WalletModalConfig = {
  projectId: 'walletgate-demo',
  networks: [
    {
      id: 31337,
      chainNamespace: 'eip155',
      name: 'Devnet A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      // Several URLs form a ranked fallback: a dead first node does not stop reads or sends.
      rpcUrls: ['http://127.0.0.1:8545', 'http://127.0.0.1:8545/backup'],
      blockExplorerUrl: 'https://explorer.example.org',
    },
    {
      id: 31338,
      chainNamespace: 'eip155',
      name: 'Devnet B',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8546'],
    },
  ],
  defaultNetwork: 'eip155:31338',
  themeMode: 'light',
  features: { swaps: false, onramp: false, activity: true },
  featuredWalletIds: ['dev.walletgate.devnet'],
  excludeWalletIds: [],
  allowUnsupportedChain: false,
}

export function createModalOrExplain() {
  try {
    return createWalletModal(config)
  } catch (error) {
    // A malformed field throws at once, naming it: "Invalid Walletgate config. themeMode: ..."
    if (error instanceof InvalidConfigError) console.error(error.fields, error.message)
    throw error
  }
}
