/**
 * The shown (not thrown) texts of the error catalogue: snack and alert texts (spec section 8) and
 * the form messages (section 5). Kept apart from the thrown classes so the code that loads with
 * the page carries only these; src/domain/errors.ts re-exports them as the one catalogue.
 */

// ---------------------------------------------------------------- snack messages (section 8)

export const SNACK_MESSAGES = {
  /** Unsupported network or balance fetch failure. */
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  failedToFetchTransactions: 'Failed to fetch transactions',
  authenticationInitFailed: 'A problem occurred while trying initialize authentication',
  /** Sign failure with a smart account. */
  smartAccountsUnsupported: 'This application might not support Smart Accounts',
  /** Any other sign failure. */
  signatureDeclined: 'Signature declined',
  /** Loading snack. */
  authenticating: 'Authenticating...',
} as const
export type SnackMessageKey = keyof typeof SNACK_MESSAGES

// ---------------------------------------------------------------- alert errors (section 8)

export interface AlertDescriptor {
  readonly code: string
  readonly shortMessage: string
  readonly longMessage: string
}

export const ALERT_ERRORS = {
  networkNotFound: {
    code: 'NETWORK_NOT_FOUND',
    shortMessage: 'Network Not Found',
    longMessage: 'The configured networks are not available; check the networks passed to the modal',
  },
  invalidAppConfiguration: {
    code: 'INVALID_APP_CONFIGURATION',
    shortMessage: 'Invalid App Configuration',
    longMessage: 'Origin not found on the allowlist',
  },
  embeddedWalletLoadFailed: {
    code: 'EMBEDDED_WALLET_LOAD_FAILED',
    shortMessage: 'Network Error - Could not load embedded wallet',
    longMessage: 'The embedded wallet frame could not be loaded; check the connection and try again',
  },
  embeddedWalletTimeout: {
    code: 'EMBEDDED_WALLET_TIMEOUT',
    shortMessage: 'Embedded Wallet Request Timed Out',
    longMessage: 'The embedded wallet did not answer in time; try again',
  },
  sessionExpired: {
    code: 'SESSION_EXPIRED',
    shortMessage: 'Session Expired',
    longMessage: 'The session has expired; connect again',
  },
  projectIdNotConfigured: {
    code: 'PROJECT_ID_NOT_CONFIGURED',
    shortMessage: 'Project ID Not Configured',
    /** Missing, or one the service does not know (the project check at the first open). */
    longMessage: 'Pass a projectId the service knows to the modal configuration',
  },
} as const satisfies Record<string, AlertDescriptor>
export type AlertKey = keyof typeof ALERT_ERRORS

// ---------------------------------------------------------------- embedded wallet messages (section 8)

export const EMBEDDED_WALLET_MESSAGES = {
  /** Email login retried within the 30 s cooldown. */
  cooldown: (seconds: number) => `Please try again after ${seconds} seconds`,
  dependencyUnavailable: 'Unable to load email login dependency',
} as const

/** A well-formed email (spec section 5), checked without a schema library: the email field loads with Connect. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

// ---------------------------------------------------------------- validation messages (section 5)

export const VALIDATION_MESSAGES = {
  sendAmountAndReceiverRequired: 'An amount and receiver address are required',
  sendTokenRequired: 'A token is required',
  /** A send of nothing would still cost a network fee (Walletgate's own text). */
  sendAmountNotPositive: 'Enter an amount greater than 0',
  unsupportedChain: 'Unsupported chain',
  invalidChainId: 'Invalid chainId',
  invalidAddress: 'Invalid address',
  insufficientFunds: 'Insufficient funds',
  transactionRejected: 'Transaction rejected',
  /** Zod default texts as the spec words them. */
  required: 'Required',
  // The texts below are Walletgate's own (the spec states the rule, not the wording).
  invalidCaipAddress: 'Invalid CAIP address',
  invalidEmail: 'Invalid email',
  invalidSocialProvider: 'Invalid social provider',
  invalidThemeMode: 'Invalid theme mode',
  invalidCallTarget: 'Each call needs a to address starting with 0x',
  invalidOnRampProviders: 'On-ramp providers must be an array of strings',
  invalidAmount: 'Invalid amount',
} as const

/** "Expected X, received Y" (zod's invalid-type text as the spec words it). */
export function expectedReceivedMessage(expected: string, received: string): string {
  return `Expected ${expected}, received ${received}`
}

/** "Too many decimals" text for a token that supports `decimals` places (Walletgate's own). */
export function tooManyDecimalsMessage(decimals: number): string {
  return decimals === 0
    ? 'This token does not accept decimals'
    : `This token accepts at most ${decimals} decimals`
}
