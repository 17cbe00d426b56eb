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
  // Phones and desktop wallets pair through this relay (the devnet's own by default).
  services: { relay: 'ws://127.0.0.1:8788' },
  // WalletConnect only: no browser-wallet adapter (desktop shows the QR view at once).
  browserWallets: false,
})

// The QR view directly (desktop); a phone gets the wallet list instead.
export const showQr = () => modal.open({ view: 'ConnectingWalletConnectBasic' })
