/**
 * The host's configuration as types: what a host writes (WalletModalConfig) and what the modal keeps
 * once ./config.ts has checked it (ResolvedConfig). Types only: the checks are config.ts's.
 */
import type { ChainNamespace, ConnectMethod, ConnectorTypeGroup, SiwxSession, ThemeMode } from './entities'
import type { SOCIAL_LOGINS, configDefaults } from './config'
import type { SiwxStorage } from './siwx/siwx-storage'

/** A network as a host configures it: `rpcUrls` may be left out for polkadot and cosmos networks. */
export type NetworkConfig = Omit<ResolvedNetworkConfig, 'chainNamespace' | 'rpcUrls'> &
  (
    | { chainNamespace: Exclude<ChainNamespace, 'polkadot' | 'cosmos'>; rpcUrls: string[] }
    | { chainNamespace: 'polkadot' | 'cosmos'; rpcUrls?: string[] | undefined }
  )

/** A configured network once checked (`rpcUrls` empty for a polkadot or cosmos network that gave none). */
export interface ResolvedNetworkConfig {
  id: number | string
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  /** At least one, except for polkadot and cosmos networks ({@link RPC_OPTIONAL_NAMESPACES}). */
  rpcUrls: string[]
  blockExplorerUrl?: string | undefined
  imageUrl?: string | undefined
  testnet?: boolean | undefined
}

export interface FeaturesConfig {
  receive?: boolean | undefined
  send?: boolean | undefined
  analytics?: boolean | undefined
  allWallets?: boolean | undefined
  smartSessions?: boolean | undefined
  legalCheckbox?: boolean | undefined
  collapseWallets?: boolean | undefined
  pay?: boolean | undefined
  swaps?: boolean | undefined
  onramp?: boolean | undefined
  email?: boolean | undefined
  socials?: (typeof SOCIAL_LOGINS)[number][] | undefined
  activity?: boolean | undefined
}

export interface CustomWalletConfig {
  id: string
  name: string
  homepage?: string | undefined
  imageUrl?: string | undefined
  mobileLink?: string | undefined
  desktopLink?: string | undefined
  webappLink?: string | undefined
}

export interface ServiceUrls {
  blockchainApi: string
  walletCatalogue: string
  analytics: string
  relay: string
  /** The auth service's origin, which serves the embedded wallet's frame (email login). */
  auth: string
}

/** Where the services live, and how long one request to them may take. */
export interface ServiceSettings extends ServiceUrls {
  /**
   * Time limit of one service request (one attempt), in ms, 1 to 300000; default 10000. A request
   * that gets no answer in time fails like a 500 (the view offers "Try again").
   */
  timeoutMs: number
}

/** What a host passes to `createWalletModal`. */
export interface WalletModalConfig {
  projectId?: string | undefined
  networks: NetworkConfig[]
  defaultNetwork?: string | undefined
  metadata?: { name: string; description?: string | undefined; url: string; icons?: string[] | undefined } | undefined
  themeMode?: ThemeMode | undefined
  themeVariables?: ThemeVariablesConfig | undefined
  features?: FeaturesConfig | undefined
  connectMethodsOrder?: ConnectMethod[] | undefined
  connectorTypeOrder?: ConnectorTypeGroup[] | undefined
  featuredWalletIds?: string[] | undefined
  includeWalletIds?: string[] | undefined
  excludeWalletIds?: string[] | undefined
  customWallets?: CustomWalletConfig[] | undefined
  /** Sign in with the wallet after connecting (see {@link SiwxConfig}); absent: no sign-in. */
  siwx?: SiwxConfig | undefined
  allowUnsupportedChain?: boolean | undefined
  enableWalletConnect?: boolean | undefined
  /** false: no browser-wallet adapter, WalletConnect only (spec section 2: "no adapters"). */
  browserWallets?: boolean | undefined
  clientId?: string | undefined
  /**
   * eip155 chain ids on which the Swap view is offered. Default: the spec's swap networks (1, 42161,
   * 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554); a host whose swap service runs other
   * chains (the demo: the devnet's 31337 and 31338) lists them here.
   */
  swapChainIds?: number[] | undefined
  services?: Partial<ServiceSettings> | undefined
  /**
   * The on-ramp providers to offer (`coinbase`, `meld`), among those the remote features enable;
   * absent: all of them. Spec section 5: an array of strings.
   */
  onrampProviders?: string[] | undefined
  /** Called with every modal event (connect, disconnect, errors reported as events). */
  onEvent?: ((event: { type: string; data?: unknown }) => void) | undefined
  /**
   * The visitor's language and number writing, a BCP 47 tag (`de`, `pt-BR`). Default: the
   * browser's language; a language without a translation shows English. `setLocale()` changes it.
   */
  locale?: string | undefined
  /** The host's own wording of any string of the modal, by message key (`'connect.title': 'Log in'`). */
  messages?: Readonly<Record<string, string>> | undefined
}

interface ThemeVariablesConfig {
  accent?: string | undefined
  radius?: string | undefined
  fontFamily?: string | undefined
}

/** The configuration with every default filled in. */
export interface ResolvedConfig
  extends Omit<WalletModalConfig, 'networks' | 'metadata' | 'siwx' | 'services' | keyof ReturnType<typeof configDefaults>> {
  networks: ResolvedNetworkConfig[]
  metadata?: { name: string; description: string; url: string; icons: string[] } | undefined
  siwx?: ResolvedSiwxConfig | undefined
  themeMode: ThemeMode
  themeVariables: ThemeVariablesConfig
  features: FeaturesConfig
  featuredWalletIds: string[]
  includeWalletIds: string[]
  excludeWalletIds: string[]
  customWallets: CustomWalletConfig[]
  allowUnsupportedChain: boolean
  enableWalletConnect: boolean
  browserWallets: boolean
  services: ServiceSettings
}

/** Sign in with the wallet (SIWX): what the host sets; every key is optional. */
export interface SiwxConfig {
  /** true: a connected visitor must sign in (cancel disconnects, the sign view cannot be closed). Default false. */
  required?: boolean | undefined
  /** The statement line of the message (one line). Default: none. */
  statement?: string | undefined
  /** The message's domain (`host[:port]`). Default: the page's `location.host`, read in the browser. */
  domain?: string | undefined
  /** The message's URI. Default: the page's `location.origin`, read in the browser. */
  uri?: string | undefined
  /** How long a session lasts, in ms. Default 7 days. */
  expiresInMs?: number | undefined
  /** Delete the account's sessions when its wallet disconnects. Default true. */
  signOutOnDisconnect?: boolean | undefined
  /** Where sessions are kept. Default: the modal's own storage (localStorage), surviving a reload. */
  storage?: SiwxStorage | undefined
  /**
   * The base URL of the host's auth API (`/auth/v1/nonce`, `authenticate`, `me`, `sign-out`; see
   * docs/service-api.md): nonces come from it, it verifies each signed message and keeps the
   * session behind a bearer token. Ignored when `storage` is given. Default: none.
   */
  serverUrl?: string | undefined
  /** Checks a signed session before it is stored; resolves false to refuse it. Default: the family's verifier. */
  verify?: ((session: SiwxSession) => Promise<boolean>) | undefined
}

export interface ResolvedSiwxConfig extends Omit<SiwxConfig, 'required' | 'expiresInMs' | 'signOutOnDisconnect'> {
  required: boolean
  expiresInMs: number
  signOutOnDisconnect: boolean
}
