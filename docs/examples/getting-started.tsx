import { createWalletModal } from 'walletgate'
import { ConnectButton, WalletModalProvider, useAccount } from 'walletgate/react'

// One modal per app, created once, outside any component.
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
  metadata: { name: 'My app', url: 'http://127.0.0.1:5173' },
})

function Who() {
  const { isConnected, address } = useAccount()
  return <span>{isConnected ? address : 'Not connected'}</span>
}

export function Header() {
  return (
    <WalletModalProvider modal={modal}>
      <ConnectButton />
      <Who />
    </WalletModalProvider>
  )
}
