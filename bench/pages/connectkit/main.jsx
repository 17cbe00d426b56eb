// ConnectKit with wagmi 2, set up as its quick start shows.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ConnectKitButton, ConnectKitProvider, getDefaultConfig } from 'connectkit'
import { WagmiProvider, createConfig } from 'wagmi'
import { mainnet } from 'wagmi/chains'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

const config = createConfig(
  getDefaultConfig({
    chains: [mainnet],
    // Placeholder: nothing may leave the machine, so no real project id is needed.
    walletConnectProjectId: 'b3e7c0ffee0000000000000000000000',
    appName: 'Bench',
  }),
)

const queryClient = new QueryClient()

function App() {
  return (
    <WagmiProvider config={config}>
      <QueryClientProvider client={queryClient}>
        <ConnectKitProvider>
          <main data-testid="connect">
            <ConnectKitButton />
          </main>
        </ConnectKitProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
