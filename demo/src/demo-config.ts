import type { WalletModalConfig } from 'walletgate'
import { SOLANA_DEVNET_CAIP_NETWORK_ID, SOLANA_DEVNET_NAME } from '../../devnet/src/chains/solana/network'
import { POLKADOT_DEVNET_CAIP_NETWORK_ID, POLKADOT_DEVNET_NAME } from '../../devnet/src/chains/polkadot/network'
import { COSMOS_DEVNET_CHAIN_ID, COSMOS_DEVNET_NAME } from '../../devnet/src/chains/cosmos/network'
import { BITCOIN_DEVNET_CAIP_NETWORK_ID, BITCOIN_DEVNET_NAME } from '../../devnet/src/chains/bip122/network'
import { solana } from 'walletgate/solana'
import { bitcoin } from 'walletgate/bitcoin'
import { polkadot } from 'walletgate/polkadot'
import { cosmos } from 'walletgate/cosmos'

/** The demo's modal configuration: the local devnet, overridable at build time (tests use their own ports). */
const env = import.meta.env
const serviceUrl = env.VITE_WG_SERVICE_URL ?? 'http://127.0.0.1:8787'

/**
 * `?siwx=required` or `?siwx=optional` turns sign-in on (the e2e suite drives both); `?siwx=server`
 * is required sign-in with the sessions kept by the devnet service's auth endpoints (`siwx.serverUrl`).
 */
const siwxMode = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('siwx')
/** `?lang=ar` shows the modal in that language (default: the browser's). */
const lang = typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('lang')
const query = typeof location === 'undefined' ? new URLSearchParams() : new URLSearchParams(location.search)
/** `?currency=GBP` is the host's display currency (the visitor's own choice still wins). */
const currency = query.get('currency')
/** `?smartSessions=on` turns smart sessions on (the e2e suite grants and revokes session keys). */
const smartSessions = query.get('smartSessions') === 'on'
/** `?legal=on`: the terms and privacy checkbox before every connect method; `?collapse=on`: the wallets as one row. */
const legalCheckbox = query.get('legal') === 'on'
const collapseWallets = query.get('collapse') === 'on'

/** The chain families beyond EVM that the demo's networks use, each from its entry point. */
export const demoFamilies = [solana, bitcoin, polkadot, cosmos]

export const demoConfig: WalletModalConfig = {
  projectId: env.VITE_WG_PROJECT_ID ?? 'walletgate-demo',
  metadata: {
    name: 'Walletgate Demo',
    description: 'A host app embedding the Walletgate modal',
    url: 'http://127.0.0.1:5173',
    icons: [],
  },
  networks: [
    {
      id: 31337,
      chainNamespace: 'eip155',
      name: 'Devnet A',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: [...(env.VITE_WG_RPC_A_PRIMARY ? [env.VITE_WG_RPC_A_PRIMARY] : []), env.VITE_WG_RPC_A ?? 'http://127.0.0.1:8545'],
      // The devnet service's own small explorer (address and transaction pages).
      blockExplorerUrl: `${serviceUrl}/explorer/31337`,
      testnet: true,
    },
    {
      id: 31338,
      chainNamespace: 'eip155',
      name: 'Devnet B',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: [env.VITE_WG_RPC_B ?? 'http://127.0.0.1:8546'],
      blockExplorerUrl: `${serviceUrl}/explorer/31338`,
      testnet: true,
    },
    {
      id: SOLANA_DEVNET_CAIP_NETWORK_ID.slice('solana:'.length),
      chainNamespace: 'solana',
      name: SOLANA_DEVNET_NAME,
      nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
      rpcUrls: [env.VITE_WG_SOLANA_RPC ?? 'http://127.0.0.1:8899'],
      testnet: true,
    },
    {
      id: BITCOIN_DEVNET_CAIP_NETWORK_ID.slice('bip122:'.length),
      chainNamespace: 'bip122',
      name: BITCOIN_DEVNET_NAME,
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      // A Bitcoin network's RPC URLs are Esplora API base URLs (the devnet's regtest chain).
      rpcUrls: [env.VITE_WG_BITCOIN_ESPLORA ?? 'http://127.0.0.1:8792'],
      testnet: true,
    },
    // No Substrate node runs offline: the wallet connects and signs, no balance is read.
    {
      id: POLKADOT_DEVNET_CAIP_NETWORK_ID.slice('polkadot:'.length),
      chainNamespace: 'polkadot',
      name: POLKADOT_DEVNET_NAME,
      nativeCurrency: { name: 'Polkadot', symbol: 'DOT', decimals: 10 },
      testnet: true,
    },
    // Nor a Cosmos chain: the wallet connects and signs (ADR-036), no balance is read.
    {
      id: COSMOS_DEVNET_CHAIN_ID,
      chainNamespace: 'cosmos',
      name: COSMOS_DEVNET_NAME,
      nativeCurrency: { name: 'Atom', symbol: 'ATOM', decimals: 6 },
      testnet: true,
    },
  ],
  // Names resolve through the devnet's ENS on chain A, as through mainnet's ENS on a live host: its
  // Universal Resolver is DEVNET_ENS.universalResolver (literal here so the page does not load the
  // devnet's config; tests/contract/ens/addresses.test.ts checks the two agree).
  ens: { chainId: 31337, universalResolver: '0x43e8b5D7341DF032312c97Ccf0cfe5d209337929' },
  // The devnet's pools serve swaps on both devnet chains, besides the spec's swap networks.
  swapChainIds: [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554, 31337, 31338],
  ...(lang === null ? {} : { locale: lang }),
  ...(currency === null ? {} : { displayCurrency: currency as NonNullable<WalletModalConfig['displayCurrency']> }),
  ...(siwxMode === 'required' || siwxMode === 'optional' || siwxMode === 'server'
    ? {
        siwx: {
          required: siwxMode !== 'optional',
          statement: 'Sign in to the Walletgate demo.',
          ...(siwxMode === 'server' ? { serverUrl: serviceUrl } : {}),
        },
      }
    : {}),
  features: { smartSessions, legalCheckbox, collapseWallets },
  // The demo's own pages stand in for a host's documents.
  termsConditionsUrl: 'http://127.0.0.1:5173/terms',
  privacyPolicyUrl: 'http://127.0.0.1:5173/privacy',
  services: {
    blockchainApi: env.VITE_WG_SERVICE_URL ?? 'http://127.0.0.1:8787',
    walletCatalogue: env.VITE_WG_SERVICE_URL ?? 'http://127.0.0.1:8787',
    analytics: env.VITE_WG_SERVICE_URL ?? 'http://127.0.0.1:8787',
    relay: env.VITE_WG_RELAY_URL ?? 'ws://127.0.0.1:8788',
    auth: env.VITE_WG_AUTH_URL ?? 'http://localhost:8790',
  },
}
