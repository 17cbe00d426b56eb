// Walletgate, imported from the repository's source (aliased in bench/lib/build.mjs), set up as a
// host would: EVM browser wallets, WalletConnect available, and a network of each of the other four
// chain families, each imported from its entry point (so the page carries what five families' discovery costs before the modal opens). The harness may point the services
// at its own devnet through the query string (?api=&relay=&rpc=); otherwise the devnet defaults.
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createWalletModal } from 'walletgate'
import { solana } from 'walletgate/solana'
import { bitcoin } from 'walletgate/bitcoin'
import { polkadot } from 'walletgate/polkadot'
import { cosmos } from 'walletgate/cosmos'
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
    {
      // The devnet's Bitcoin regtest chain (devnet/src/chains/bip122/network.ts); its RPC URL is its Esplora API.
      id: '0f9188f13cb7b2c71f2a335e3a4fc328',
      chainNamespace: 'bip122',
      name: 'Bitcoin Regtest',
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      rpcUrls: ['http://127.0.0.1:8792'],
    },
    {
      // devnet/src/chains/polkadot/network.ts and chains/cosmos/network.ts: no node to point at.
      id: '11d80c7033a79556158c7c2baf13702b',
      chainNamespace: 'polkadot',
      name: 'Polkadot Devnet',
      nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
    },
    {
      id: 'walletgate-devnet-1',
      chainNamespace: 'cosmos',
      name: 'Cosmos Devnet',
      nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
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
}, { families: [solana, bitcoin, polkadot, cosmos] })

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <WalletModalProvider modal={modal}>
      <main data-testid="connect">
        <ConnectButton />
      </main>
    </WalletModalProvider>
  </StrictMode>,
)
