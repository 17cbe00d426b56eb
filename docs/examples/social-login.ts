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
  // The socials to offer, in the order to show them (the first three as icons, the rest behind
  // "More"); without `socials` the spec's list shows, and `socials: []` shows none.
  features: { socials: ['github', 'google', 'farcaster'] },
  connectMethodsOrder: ['social', 'email', 'wallet'],
  services: { auth: 'http://localhost:8790' },
})
