import { createWalletModal } from 'walletgate'

export const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [
    { id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] },
    { id: 31338, chainNamespace: 'eip155', name: 'Devnet B', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8546'] },
  ],
  defaultNetwork: 'eip155:31337',
})

// Ask the wallet to move; a refusal rejects with the wallet's reason (the modal says so too).
export async function moveToDevnetB(): Promise<void> {
  await modal.switchNetwork('eip155:31338')
}

// Follow where the visitor is.
export const stop = modal.subscribe((state) => {
  console.log('network', state.caipNetworkId)
})

// The Networks view, and UnsupportedChain opens by itself when the wallet leaves your networks.
export const showNetworks = () => modal.open({ view: 'Networks' })
