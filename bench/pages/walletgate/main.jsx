// Walletgate, imported from the repository's source (aliased in bench/lib/build.mjs), set up as a
// host would: EVM browser wallets, WalletConnect available, and a Solana network (so the page
// carries what a second chain family costs before the modal opens). The harness may point the services
// at its own devnet through the query string (?api=&relay=&rpc=); otherwise the devnet defaults.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createWalletModal } from 'walletgate'
import { ConnectButton, WalletModalProvider } from 'walletgate/react'

const params = new URLSearchParams(location.search)
const api = params.get('api') ?? undefined
const relay = params.get('relay') ?? undefined
const rpc = params.get('rpc') ?? 'http://127.0.0.1:8545'
const solanaRpc = params.get('solanaRpc') ?? 'http://127.0.0.1:8899'

const modal = createWalletModal({
  // A project id the devnet knows; nothing may leave the machine.
  projectId: 'walletgate-demo',
  networks: [
    {
      id: 31337,
      chainNamespace: 'eip155',
      name: 'Devnet',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: [rpc],
    },
    {
      // The devnet's Solana chain (devnet/src/config.ts SOLANA_DEVNET_CAIP_NETWORK_ID).
      id: 'xgHUoHTrtsZTcFDW4LTtHEcvmnDLiWgP',
      chainNamespace: 'solana',
      name: 'Solana Devnet',
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: [solanaRpc],
    },
  ],
  metadata: { name: 'Bench', description: 'Bench host', url: location.origin, icons: [] },
  ...(api || relay
    ? {
        services: {
          ...(api ? { blockchainApi: api, walletCatalogue: api, analytics: api } : {}),
          ...(relay ? { relay } : {}),
        },
      }
    : {}),
})

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <WalletModalProvider modal={modal}>
      <main data-testid="connect">
        <ConnectButton />
      </main>
    </WalletModalProvider>
  </StrictMode>,
)
