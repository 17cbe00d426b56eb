'use client'
import { createWalletModal } from 'walletgate'
import { WalletModalProvider, ConnectButton, useAccount } from 'walletgate/react'

// Safe at module scope: creating the modal touches no window, document or storage, so this also
// runs during server rendering. The modal starts in the browser when the provider mounts.
const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [{ id: 31337, chainNamespace: 'eip155', name: 'Devnet A',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: ['http://127.0.0.1:8545'] }],
})

function Status() {
  const { isConnected, address } = useAccount()
  return <p id="status">{isConnected ? address : 'Not connected'}</p>
}

export function Wallet() {
  return (
    <WalletModalProvider modal={modal}>
      <ConnectButton />
      <Status />
    </WalletModalProvider>
  )
}
