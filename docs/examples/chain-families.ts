import { createWalletModal } from 'walletgate'
import { solana } from 'walletgate/solana'
import { bitcoin } from 'walletgate/bitcoin'

// EVM is always in; every other family the networks use is passed, each from its entry point.
export const modal = createWalletModal(
  {
    projectId: 'walletgate-demo',
    networks: [
      { id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] },
      { id: 'xgHUoHTrtsZTcFDW4LTtHEcvmnDLiWgP', chainNamespace: 'solana', name: 'Solana Devnet', nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, rpcUrls: ['http://127.0.0.1:8899'] },
      { id: '0f9188f13cb7b2c71f2a335e3a4fc328', chainNamespace: 'bip122', name: 'Bitcoin Regtest', nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }, rpcUrls: ['http://127.0.0.1:8792'] },
    ],
  },
  { families: [solana, bitcoin] },
)
