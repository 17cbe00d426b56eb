import { createWalletModal } from 'walletgate'

export const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [{ id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] }],
  // The reviews simulate on the network's RPC URLs (on by default).
  features: { preview: true },
  // Receivers the Send review warns about, one line each, never blocking.
  denyList: ['0x000000000000000000000000000000000000dEaD'],
})
