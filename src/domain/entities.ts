/**
 * Entities of spec section 3, plus the few wire-aligned shapes the service API
 * (docs/service-api.md) returns. Types are the domain's vocabulary; their zod schemas, for where
 * data crosses a boundary (HTTP answers, storage, frame messages), are in ./entity-schemas: building
 * a schema costs memory, and the page's first script imports this module for its constants.
 *
 * Field names follow the wire contract (snake_case where the service uses it, amounts as
 * decimal strings, fiat as numbers) so adapters parse straight into these types.
 */

// ---------------------------------------------------------------- chain families and CAIP ids

/** The spec's five chain families; a host's wing may bring another (its descriptor names it). */
export const CHAIN_NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'] as const
export type KnownNamespace = (typeof CHAIN_NAMESPACES)[number]
/** A CAIP-2 namespace: one of the spec's five, or a wing's own (`string & {}` keeps the five's completion). */
export type ChainNamespace = KnownNamespace | (string & {})

export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

/** CAIP-2 reference: 1 to 32 of `[-_a-zA-Z0-9]`. */
export const CAIP2_REFERENCE_PATTERN = /^[-_a-zA-Z0-9]{1,32}$/
/** CAIP-10 account address: 1 to 128 of `[-.%a-zA-Z0-9]`. */
export const CAIP10_ADDRESS_PATTERN = /^[-.%a-zA-Z0-9]{1,128}$/

/** `namespace:reference`, e.g. `eip155:1`. */
export type CaipNetworkId = `${ChainNamespace}:${string}`
/** `namespace:reference:address`, e.g. `eip155:1:0xabc...`. */
export type CaipAddress = `${ChainNamespace}:${string}:${string}`

// ---------------------------------------------------------------- network

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface NetworkAssets {
  imageId?: string
  imageUrl?: string
}

/** Network (CAIP network), section 3. `id` is the chain reference (a number for eip155). */
export interface CaipNetwork {
  id: number | string
  caipNetworkId: CaipNetworkId
  chainNamespace: ChainNamespace
  name: string
  nativeCurrency: NativeCurrency
  rpcUrls: string[]
  blockExplorerUrl?: string
  assets?: NetworkAssets
  testnet?: boolean
}

// ---------------------------------------------------------------- accounts

export const ACCOUNT_TYPES = ['eoa', 'smartAccount', 'payment', 'ordinal'] as const
export type AccountType = (typeof ACCOUNT_TYPES)[number]

export type ConnectionStatus = 'disconnected' | 'connecting' | 'connected'
export type AccountTab = 'Tokens' | 'NFTs' | 'Activity'
export type ThemeMode = 'dark' | 'light'

export interface AccountEntry {
  address: string
  type: AccountType
}

export interface ConnectedWalletInfo {
  name: string
  icon?: string
  rdns?: string
  type?: ConnectorType
}

/** Account state (per namespace), section 3. */
export interface AccountState {
  caipAddress?: CaipAddress
  address?: string
  balance?: string
  balanceSymbol?: string
  profileName?: string | null
  profileImage?: string | null
  addressExplorerUrl?: string
  tokenBalance: TokenBalance[]
  connectedWalletInfo?: ConnectedWalletInfo
  preferredAccountTypes: Partial<Record<ChainNamespace, AccountType>>
  socialProvider?: SocialProvider
  socialWindow?: unknown
  farcasterUrl?: string
  allAccounts: AccountEntry[]
  user?: EmbeddedWalletUser
  status: ConnectionStatus
  currentTab: AccountTab
  smartAccountDeployed: boolean
  addressLabels: Record<string, string>
}

/** Network state of one namespace. */
export interface NetworkState {
  caipNetwork?: CaipNetwork
  requestedCaipNetworks: CaipNetwork[]
  approvedCaipNetworkIds: CaipNetworkId[]
  supportsAllNetworks: boolean
  smartAccountEnabledNetworks: Array<number | string>
}

/** Chain record (per namespace), section 3. Clients live in the application, not here. */
export interface ChainRecord {
  namespace: ChainNamespace
  networkState: NetworkState
  accountState: AccountState
  caipNetworks: CaipNetwork[]
}

// ---------------------------------------------------------------- connectors

export const CONNECTOR_TYPES = ['ANNOUNCED', 'INJECTED', 'EXTERNAL', 'MULTI_CHAIN', 'AUTH'] as const
export type ConnectorType = (typeof CONNECTOR_TYPES)[number]

/** Connector, section 3. `provider` is the wallet's provider object, opaque to the domain. */
export interface Connector {
  id: string
  name: string
  type: ConnectorType
  /** The chain family; for a MULTI_CHAIN connector, the first of `chains`. */
  chain: ChainNamespace
  /** Every chain family the wallet offers (set on MULTI_CHAIN connectors). */
  chains?: readonly ChainNamespace[]
  imageUrl?: string
  imageId?: string
  explorerId?: string
  info?: { rdns?: string }
  provider?: unknown
}

// ---------------------------------------------------------------- balances

/** Token balance, section 3; wire shape of docs/service-api.md. */
export interface TokenBalance {
  name: string
  symbol: string
  /** CAIP-2 chain id. */
  chainId: string
  /** CAIP-10 token contract; absent for the native token. */
  address?: string
  /** Fiat value of the holding (usd). */
  value: number
  /** Unit price (usd). */
  price: number
  /** Decimal strings: `{ decimals: "18", numeric: "1.5" }`. */
  quantity: { decimals: string; numeric: string }
  iconUrl: string
}

// ---------------------------------------------------------------- identity and names

/** Identity, section 3. */
export interface Identity {
  avatar: string | null
  name: string | null
}

export interface NameProfile {
  name: string
  registered_at: string
  updated_at: string
  /** Keyed by coin type. */
  addresses: Record<string, { address: string; created: string }>
  attributes: { avatar?: string; bio?: string }
}

/** Name suggestion entry, section 3. */
export interface NameSuggestion {
  name: string
  registered: boolean
}

// ---------------------------------------------------------------- on-ramp

/** The on-ramp providers (their answers' shapes are in ./on-ramp/on-ramp-types). */
export type OnRampProviderName = 'coinbase' | 'meld'

// ---------------------------------------------------------------- swaps

export interface SwapToken {
  name: string
  symbol: string
  /** CAIP-10 token address. */
  address: string
  decimals: number
  logoUri: string
}

/** Amounts in base units (integer strings). */
export interface SwapQuote {
  fromAmount: string
  fromAccount: string
  toAmount: string
  toAccount: string
}

/** Gas prices in wei (integer strings). */
export interface GasPrice {
  standard: string
  fast: string
  instant: string
}

// ---------------------------------------------------------------- send

/** Send state, section 3. */
export interface SendState {
  token?: TokenBalance
  sendTokenAmount?: string
  receiverAddress?: string
  receiverProfileImageUrl?: string
  receiverProfileName?: string
  networkBalanceInUSD?: string
  tokenBalances: TokenBalance[]
  loading: boolean
}

// ---------------------------------------------------------------- SIWX

export interface SiwxMessageData {
  accountAddress: string
  chainId: CaipNetworkId
  domain: string
  uri: string
  version: string
  nonce: string
  statement?: string
  issuedAt?: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** SIWX session, section 3. */
export interface SiwxSession {
  data: SiwxMessageData
  message: string
  signature: string
  cacao?: unknown
}

// ---------------------------------------------------------------- snack

export type SnackVariant = 'success' | 'error' | 'loading'

/** Snack message, section 3. */
export interface Snack {
  message: string
  variant: SnackVariant
  svg?: string
  /** A page to open about the message (a sent transaction in the block explorer); untrusted until checked. */
  link?: string
  /** The message as a text of the views' catalogue (key and values), for the visitor's language; `message` is its English. */
  text?: SnackText
  open: boolean
  autoClose: boolean
}

/** A snack's words by catalogue key, with the values of its placeholders. */
export interface SnackText {
  readonly key: string
  readonly params?: Readonly<Record<string, string>>
}

// ---------------------------------------------------------------- recent wallets

/** Recent wallet, section 3. */
export interface RecentWallet {
  id: string
  rdns?: string
  name: string
}

// ---------------------------------------------------------------- social and embedded wallet

export const SOCIAL_PROVIDERS = ['google', 'github', 'apple', 'facebook', 'x', 'discord'] as const
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number]
/** Remote-feature socials also list farcaster (its own connect flow). */
export type SocialOption = SocialProvider | 'farcaster'

export type EmbeddedAccountType = 'eoa' | 'smartAccount'

/** Signed-in embedded-wallet user, section 3. */
export interface EmbeddedWalletUser {
  email?: string | null
  address: string
  chainId: number | string
  accounts?: Array<{ address: string; type: EmbeddedAccountType }>
  userName?: string | null
  preferredAccountType?: EmbeddedAccountType
}

export type EmbeddedLoginAction = 'VERIFY_DEVICE' | 'VERIFY_OTP' | 'CONNECT'
export type EmbeddedEmailUpdateAction = 'VERIFY_PRIMARY_OTP' | 'VERIFY_SECONDARY_OTP'

// ---------------------------------------------------------------- wallet catalogue

/** A wallet listing from the wallet catalogue service. */
export interface WalletListing {
  id: string
  name: string
  homepage: string
  image_id: string
  order: number
  rdns: string | null
  mobile_link: string | null
  desktop_link: string | null
  webapp_link: string | null
  app_store: string | null
  play_store: string | null
  chrome_store: string | null
  injected: Array<{ injected_id: string; namespace: string }> | null
  chains: string[]
}

// ---------------------------------------------------------------- settings and features

/** Connector type groups of the connect list (section 2 order). */
export const CONNECTOR_TYPE_GROUPS = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
] as const
export type ConnectorTypeGroup = (typeof CONNECTOR_TYPE_GROUPS)[number]

export const CONNECT_METHODS = ['email', 'social', 'wallet'] as const
export type ConnectMethod = (typeof CONNECT_METHODS)[number]

export const WALLET_FEATURES = ['onramp', 'swaps', 'receive', 'send'] as const
export type WalletFeature = (typeof WALLET_FEATURES)[number]

/** Host-set feature flags (section 9 defaults in constants.ts). */
export interface Features {
  receive: boolean
  send: boolean
  analytics: boolean
  allWallets: boolean
  smartSessions: boolean
  legalCheckbox: boolean
  collapseWallets: boolean
  pay: boolean
  connectMethodsOrder?: ConnectMethod[]
  connectorTypeOrder?: ConnectorTypeGroup[]
  walletFeaturesOrder?: WalletFeature[]
}

export type SwapProviderName = '1inch'

/** Features that the remote project configuration can switch. `false` switches one off. */
export interface RemoteFeatures {
  swaps: readonly SwapProviderName[] | false
  onramp: readonly OnRampProviderName[] | false
  email: boolean
  socials: readonly SocialOption[] | false
  activity: boolean
  branding: boolean
}

/** Host application metadata shown to wallets. */
export interface AppMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}
