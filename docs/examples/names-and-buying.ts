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
      // A test network: every provider of its namespace sells on it.
      testnet: true,
    },
  ],
  // Buying is on by default; `onramp: false` hides Buy. Offer Meld only:
  features: { onramp: true },
  onrampProviders: ['meld'],
})

// Straight to the views, e.g. from your own buttons.
export const chooseName = () => modal.open({ view: 'RegisterAccountName' })
export const buyCrypto = () => modal.open({ view: 'OnRamp' })

// The account's name (`alice.wg.id`) once registered or found on connect.
export const nameOrAddress = (): string | undefined => modal.getState().profileName ?? modal.getState().address
