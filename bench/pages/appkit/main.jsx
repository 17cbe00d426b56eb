// Reown AppKit with its wagmi adapter, set up as its quick start shows.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createAppKit } from '@reown/appkit/react'
import { WagmiAdapter } from '@reown/appkit-adapter-wagmi'
import { mainnet } from '@reown/appkit/networks'
import { WagmiProvider } from 'wagmi'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

// Placeholder: nothing may leave the machine, so no real project id is needed.
const projectId = 'b3e7c0ffee0000000000000000000000'
const networks = [mainnet]
const wagmiAdapter = new WagmiAdapter({ networks, projectId })

createAppKit({
  adapters: [wagmiAdapter],
  networks,
  projectId,
  metadata: { name: 'Bench', description: 'Bench host', url: location.origin, icons: [] },
})

const queryClient = new QueryClient()

function App() {
  return (
    <WagmiProvider config={wagmiAdapter.wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <main data-testid="connect">
          <appkit-button />
        </main>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
