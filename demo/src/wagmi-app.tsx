/**
 * A wagmi host app that uses Walletgate as its connect UI: wagmi's hooks for account, network and
 * transactions; the modal (through the `walletgate` connector) for connecting, switching and
 * disconnecting. Everything else is plain wagmi.
 */
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { defineChain, parseEther, type Address } from 'viem'
import { WagmiProvider, createConfig, http, useAccount, useConnect, useDisconnect, useSendTransaction, useSwitchChain, useWaitForTransactionReceipt } from 'wagmi'
import { createWalletModal } from 'walletgate'
import { walletgate } from 'walletgate/wagmi'
import { demoConfig } from './demo-config'
import './demo.css'

const env = import.meta.env
const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const devnetA = defineChain({ id: 31337, name: 'Devnet A', nativeCurrency: ether, rpcUrls: { default: { http: [env.VITE_WG_RPC_A ?? 'http://127.0.0.1:8545'] } }, testnet: true })
const devnetB = defineChain({ id: 31338, name: 'Devnet B', nativeCurrency: ether, rpcUrls: { default: { http: [env.VITE_WG_RPC_B ?? 'http://127.0.0.1:8546'] } }, testnet: true })

// The modal lists only the EVM networks here: a wagmi app is an EVM app.
const modal = createWalletModal({ ...demoConfig, networks: demoConfig.networks.filter((n) => n.chainNamespace === 'eip155') })
;(window as unknown as { walletgateDemo?: typeof modal }).walletgateDemo = modal

const wagmiConfig = createConfig({
  chains: [devnetA, devnetB],
  connectors: [walletgate({ modal })],
  transports: { [devnetA.id]: http(), [devnetB.id]: http() },
  // The modal finds the browser wallets; wagmi needs no list of its own.
  multiInjectedProviderDiscovery: false,
})
const queryClient = new QueryClient()

/** Where the demo's send goes: devnet account #1, or the page's `?to=` (the e2e suite sends to a fresh address). */
const RECEIVER = (new URLSearchParams(location.search).get('to') ?? '0x70997970C51812dc3A010C7d01b50e0d17dc79C8') as Address

function App() {
  const { address, chainId, status } = useAccount()
  const { connect, connectors, error: connectError } = useConnect()
  const { disconnect } = useDisconnect()
  const { switchChain } = useSwitchChain()
  const { sendTransaction, data: hash, error: sendError, isPending } = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash })
  const [amount] = useState('0.01')
  return (
    <main className="demo">
      <h1>Walletgate in a wagmi app</h1>
      <p>wagmi's hooks, Walletgate's modal: the <code>walletgate</code> connector joins them.</p>
      <p data-testid="wagmi-status">{status}</p>
      <p data-testid="wagmi-account">{address ?? 'no account'}</p>
      <p data-testid="wagmi-chain">{chainId ?? 'no chain'}</p>
      <div className="demo-bar">
        {status !== 'connected' && (
          <button type="button" data-testid="wagmi-connect" onClick={() => connect({ connector: connectors[0]! })}>
            Connect with wagmi
          </button>
        )}
        {status === 'connected' && (
          <>
            <button type="button" data-testid="wagmi-send" disabled={isPending} onClick={() => sendTransaction({ to: RECEIVER, value: parseEther(amount) })}>
              Send {amount} ETH
            </button>
            <button type="button" data-testid="wagmi-switch" onClick={() => switchChain({ chainId: chainId === devnetA.id ? devnetB.id : devnetA.id })}>
              Switch chain
            </button>
            <button type="button" data-testid="wagmi-disconnect" onClick={() => disconnect()}>
              Disconnect with wagmi
            </button>
          </>
        )}
        <button type="button" data-testid="wagmi-open-modal" onClick={() => void modal.open()}>
          Open the modal
        </button>
      </div>
      {connectError !== null && <p data-testid="wagmi-connect-error">{connectError.message}</p>}
      {hash !== undefined && (
        <p data-testid="wagmi-tx">
          {hash}: <span data-testid="wagmi-tx-status">{receipt.data?.status ?? 'pending'}</span>
        </p>
      )}
      {sendError !== null && <p data-testid="wagmi-send-error">{sendError.message}</p>}
    </main>
  )
}

const root = document.getElementById('root')
if (root !== null) {
  void modal.mount()
  createRoot(root).render(
    <StrictMode>
      <WagmiProvider config={wagmiConfig}>
        <QueryClientProvider client={queryClient}>
          <App />
        </QueryClientProvider>
      </WagmiProvider>
    </StrictMode>,
  )
}
