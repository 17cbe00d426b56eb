import type { ReactNode } from 'react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { defineChain, parseEther } from 'viem'
import { WagmiProvider, createConfig, http, useAccount, useConnect, useSendTransaction } from 'wagmi'
import { createWalletModal } from 'walletgate'
import { walletgate } from 'walletgate/wagmi'

const devnetA = defineChain({
  id: 31337,
  name: 'Devnet A',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
})

// One modal, configured as usual, with the same EVM networks as wagmi.
export const modal = createWalletModal({
  projectId: 'walletgate-demo',
  networks: [{ id: 31337, chainNamespace: 'eip155', name: 'Devnet A', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: ['http://127.0.0.1:8545'] }],
})

export const wagmiConfig = createConfig({
  chains: [devnetA],
  connectors: [walletgate({ modal })],
  transports: { [devnetA.id]: http() },
  // The modal finds the browser wallets (EIP-6963); wagmi needs no list of its own.
  multiInjectedProviderDiscovery: false,
})

const queryClient = new QueryClient()
void modal.mount()

export function Providers({ children }: { children: ReactNode }) {
  return (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </WagmiProvider>
  )
}

export function Pay() {
  const { isConnected, address } = useAccount()
  const { connect, connectors } = useConnect()
  const { sendTransaction } = useSendTransaction()
  if (!isConnected) return <button onClick={() => connect({ connector: connectors[0]! })}>Connect</button>
  return (
    <button onClick={() => sendTransaction({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: parseEther('0.01') })}>
      Send 0.01 ETH from {address}
    </button>
  )
}
