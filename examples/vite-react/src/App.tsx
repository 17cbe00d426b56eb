import { createWalletModal } from 'walletgate'
import { ConnectButton, useAccount, WalletModalProvider } from 'walletgate/react'

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

export default function App() {
  return (
    <WalletModalProvider modal={modal}>
      <ConnectButton />
      <Status />
    </WalletModalProvider>
  )
}
