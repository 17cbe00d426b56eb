/**
 * Every business constant of spec section 9 (and the fixed orders of section 2), each once.
 * Times are milliseconds, named `*_MS`.
 */
import type {
  ChainNamespace,
  ConnectMethod,
  ConnectorTypeGroup,
  Features,
  RemoteFeatures,
  ThemeMode,
  WalletFeature,
} from './entities'

const SECOND = 1_000
const MINUTE = 60 * SECOND

// ---------------------------------------------------------------- time

/** A new WalletConnect pairing lasts 4 minutes. */
export const PAIRING_LIFETIME_MS = 4 * MINUTE
/** A pairing counts as expired when less than this remains. */
export const PAIRING_EXPIRY_MARGIN_MS = 10 * SECOND
/** Retry gap: balance fetches are blocked this long after a failure. */
export const BALANCE_RETRY_GAP_MS = 30 * SECOND
/**
 * After a failed balance read the balances are read again on their own once per retry gap, at most
 * this many times in a row (5 minutes), while something shows them. Walletgate's own number.
 */
export const BALANCE_RECOVERY_MAX_ATTEMPTS = 10
export const PRELOAD_IMAGE_WAIT_MS = 2 * SECOND
/** The modal shakes this long when closing is refused. */
export const SHAKE_DURATION_MS = 500
/** An open snack closes and the new one shows this much later. */
export const SNACK_RESHOW_DELAY_MS = 150
export const EMAIL_LOGIN_COOLDOWN_MS = 30 * SECOND
export const FRAME_LOAD_TIMEOUT_MS = 20 * SECOND
/** Connect and social-connect requests to the embedded wallet time out after this. */
export const CONNECT_REQUEST_TIMEOUT_MS = 30 * SECOND
/** Sign-out waits at most this long for the embedded wallet. */
export const SIGN_OUT_TIMEOUT_MS = 3 * SECOND
/** The embedded wallet becomes ready this long after its frame reports ready. */
export const FRAME_READY_DELAY_MS = 500

/** Fallback transport ranking across several RPC transports. */
export const FALLBACK_TRANSPORT = {
  pollingIntervalMs: 4 * SECOND,
  sampleCount: 10,
  pingTimeoutMs: 1 * SECOND,
  weights: { stability: 0.7, latency: 0.3 },
} as const

// ---------------------------------------------------------------- caches

/** Portfolio (token balances) and native balance cache life. */
export const BALANCE_CACHE_MS = 30 * SECOND
/** Name and identity cache life. */
export const IDENTITY_CACHE_MS = 5 * MINUTE

// ---------------------------------------------------------------- other limits

export const RECENT_WALLETS_LIMIT = 2
export const TELEMETRY_MAX_EVENTS = 5
export const TELEMETRY_WINDOW_MS = 60 * SECOND
export const SWAP_SLIPPAGE_TOLERANCE = 1
export const WALLET_PAGE_SIZE = 40
export const RECOMMENDED_WALLETS_LIMIT = 4
/**
 * Wallet rows Connect shows when email or social login follows the wallets: with the "More
 * wallets" row, the help link, the email field and the social buttons they fit a 360x640 phone.
 */
export const WALLET_ROWS_BEFORE_OTHER_METHODS = 4
export const WALLET_SEARCH_PAGE_SIZE = 100
export const NAME_MIN_LENGTH = 4
/** Name coin types must stay below this chain id (2^31). */
export const MAX_COIN_TYPE_CHAIN_ID = 2_147_483_648

// ---------------------------------------------------------------- features

export const DEFAULT_REMOTE_FEATURES: Readonly<RemoteFeatures> = {
  swaps: ['1inch'],
  onramp: ['coinbase', 'meld'],
  email: true,
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
  activity: true,
  branding: true,
}

export const DEFAULT_WALLET_FEATURES_ORDER: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']

export const DEFAULT_FEATURES: Readonly<Features> = {
  receive: true,
  send: true,
  analytics: true,
  allWallets: true,
  smartSessions: false,
  legalCheckbox: false,
  collapseWallets: false,
  pay: false,
  walletFeaturesOrder: [...DEFAULT_WALLET_FEATURES_ORDER],
}

// ---------------------------------------------------------------- orders (section 2)

export const DEFAULT_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = ['email', 'social', 'wallet']
/** Order used when an injected or announced wallet is present and the host set none. */
export const WALLET_FIRST_CONNECT_METHOD_ORDER: readonly ConnectMethod[] = ['wallet', 'email', 'social']
export const DEFAULT_CONNECTOR_TYPE_ORDER: readonly ConnectorTypeGroup[] = [
  'walletConnect',
  'recent',
  'injected',
  'featured',
  'custom',
  'external',
  'recommended',
]

// ---------------------------------------------------------------- state defaults (section 4)

export const DEFAULT_THEME_MODE: ThemeMode = 'dark'

// ---------------------------------------------------------------- display

export const BALANCE_DISPLAY_DECIMALS = 3
export const FIAT_DISPLAY_DECIMALS = 2
export const MODAL_WIDTH_PX = 360
export const MODAL_Z_INDEX = 999
/** Animation durations: short (hover, press), medium (view change), long (modal open/close). */
export const ANIMATION_DURATIONS_MS = { short: 120, medium: 150, long: 150 } as const
/** The name service's own zone; names read `alice.wg.id`. */
export const NAME_SERVICE_ZONE = 'wg.id'

/** Placeholder address of each namespace's native token (for price and swap look-ups). */
export const NATIVE_TOKEN_PLACEHOLDERS: Readonly<Partial<Record<ChainNamespace, string>>> = {
  eip155: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  solana: 'So11111111111111111111111111111111111111111',
}

// ---------------------------------------------------------------- local storage keys

export const STORAGE_KEYS = {
  emailLoginFlag: '@walletgate/connected-with-email',
  lastUsedChain: '@walletgate/last-used-chain',
  lastEmailLoginTime: '@walletgate/last-email-login-time',
  socialUsername: '@walletgate/social-username',
  recentWallets: '@walletgate/recent-wallets',
} as const

// ---------------------------------------------------------------- RPC

export const RPC_REQUEST_TIMEOUT_MS = 10 * SECOND
export const RPC_RETRY_COUNT = 3
/** First retry delay; each retry doubles it (150, 300, 600 ms). */
export const RPC_RETRY_BASE_DELAY_MS = 150
export const RPC_BATCH_SIZE = 1000

// ---------------------------------------------------------------- service requests (Walletgate's own numbers)

/** Default time limit of one attempt of a service request (host setting `services.timeoutMs`). */
export const SERVICE_REQUEST_TIMEOUT_MS = 10 * SECOND
/** Retries of an idempotent GET after a quick transient failure (so at most 3 attempts). */
export const SERVICE_RETRY_COUNT = 2
/** First retry delay of a GET; each retry doubles it (250, 500 ms). */
export const SERVICE_RETRY_BASE_DELAY_MS = 250

export const RPC_ERROR_CODES = {
  userRejectedRequest: 4001,
  unsupportedChain: 4902,
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  invalidInput: -32000,
  resourceNotFound: -32001,
  resourceUnavailable: -32002,
  transactionRejected: -32003,
  methodNotSupported: -32004,
  limitExceeded: -32005,
  jsonRpcVersionNotSupported: -32006,
} as const
