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
  // Wallet rows in this order of groups; groups not listed follow.
  connectorTypeOrder: ['recent', 'injected', 'featured', 'walletConnect', 'custom'],
  // Catalogue wallets shown first, or the only ones allowed.
  featuredWalletIds: ['dev.walletgate.devnet'],
  includeWalletIds: [],
  // A wallet that is not in the catalogue.
  customWallets: [
    {
      id: 'acme-wallet',
      name: 'Acme Wallet',
      homepage: 'https://wallet.acme.example',
      imageUrl: 'https://wallet.acme.example/icon.svg',
      mobileLink: 'acmewallet://',
    },
  ],
})

// Open on a given view, or only with the wallets of one chain family.
export const openAllWallets = () => modal.open({ view: 'AllWallets' })
export const openEvmWallets = () => modal.open({ namespace: 'eip155' })
