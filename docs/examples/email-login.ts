import { createWalletModal } from 'walletgate'

export const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [
    {
      id: 31337,
      chainNamespace: 'eip155',
      name: 'Devnet A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['http://127.0.0.1:8545'],
    },
  ],
  // Email login is on by default; put it after the wallets, and name your auth service.
  connectMethodsOrder: ['wallet', 'email'],
  services: { auth: 'http://localhost:8790' },
})

// While connected by email, the provider is the embedded wallet's (EIP-1193): a send or a
// signature is confirmed by the visitor inside the wallet's frame, shown over the modal.
export const provider = () => modal.getProvider('eip155')
