/** walletgate-server as a library: build the server in a process of your own (tests, the devnet). */
export { AnalyticsEvents, analyticsEventSchema, type AnalyticsEvent } from './analytics.js'
export { buildServer, MAX_WALLET_ENTRIES, type ServerContext, type ServerParts, type ServerPlugin } from './app.js'
export { CHAIN_DATA_OPERATIONS, ChainDataError, type ApiGuard, type ChainDataAnswer, type ChainDataHandler, type ChainDataOperation, type ChainDataPort, type ChainDataRequest } from './chain-data.js'
export { CatalogueFileError, WalletCatalogue, walletSchema, type CatalogueFile, type Wallet } from './catalogue.js'
export { ManualClock, systemClock, type Clock } from './clock.js'
export { ConfigError, DEFAULT_CONFIG, parseServerConfig, readServerConfig, secret, type ServerConfig } from './config.js'
export type { Database, Queryable } from './db/database.js'
export { MIGRATIONS, migrate, schemaVersion } from './db/migrations.js'
export { NameRegistrationError, NameRegistry, type NameProfile, type NameRegistration } from './names.js'
export { SignInChains, type SignInChain, type SignInMessageData } from './sign-in-messages.js'
export { SIGN_IN_NONCE_TTL_MS, SignInSessions, type SignInSession } from './sign-in-sessions.js'
// Gas sponsorship (ERC-7677 paymaster service under a per-project policy, docs/sponsorship.md).
export { checkOperation, innerCalls, NotSponsoredError, sponsorshipConfigSchema, type SponsorshipConfig, type SponsorshipPolicy, type UserOperation } from './sponsorship/policy.js'
export { ENTRY_POINT_V07, PAYMASTER_VERIFICATION_GAS, paymasterHash, PaymasterService } from './sponsorship/paymaster.js'
export { localPaymasterSigner, PAYMASTER_KEY_ENV, paymasterSignerFromEnv, type PaymasterSigner } from './sponsorship/paymaster-signer.js'
export { rpcSimulator, type OperationSimulator, type SimulationOutcome } from './sponsorship/simulator.js'
export { sessionAccounts, type SignedInAccounts, type SmartAccountsOf } from './sponsorship/signed-in-accounts.js'
export { SponsorshipUsage, utcDay } from './sponsorship/usage.js'
export { DatabaseInUseError, openPgliteDatabase } from './db/pglite-database.js'
export { openPostgresDatabase } from './db/postgres-database.js'
export { originAllowed, originOf, Projects, type ProjectRecord } from './projects.js'
export { PUBLIC_IMAGES, type Image, type PublicImageKind } from './public-images.js'
export { decodeBase58, encodeBase58 } from './base58.js'
// Chain readers: balances from any EVM chain through Multicall3 and a token list, prices from
// on-chain feeds, swaps through a Uniswap V2-compatible router; behind the server's own source
// (evmChainData), which a deployment may put in front of a source of its own.
export { ETHER, evmChainData, INSUFFICIENT_LIQUIDITY, NATIVE_PRICE_KEY, type EvmActivityConfig, type EvmChain, type EvmChainDataOptions } from './chains/evm-chain-data.js'
export { EvmPrices } from './chains/evm-prices.js'
export { configuredBitcoinChains, configuredChainData, configuredEvmChains, configuredSolanaChains, configuredSources, type ConfiguredSources } from './chains/configured.js'
export { bitcoinChainData, BTC, EsploraBalanceReader, isBitcoinAddress, type BitcoinChain, type BitcoinChainDataOptions } from './chains/bitcoin-chain-data.js'
export { isSolanaAddress, SOL, SolanaBalanceReader, solanaChainData, type ListedMint, type SolanaChain, type SolanaChainDataOptions } from './chains/solana-chain-data.js'
export { SolanaActivity, type SolanaActivityOptions } from './chains/solana-activity.js'
export { EvmBalanceReader, type HeldToken, type NativeCurrency } from './chains/evm-balances.js'
export { MULTICALL3_ADDRESS } from './chains/multicall.js'
export { readTokenList, TokenListError, tokenListSchema, tokensByChain, type ListedToken } from './chains/token-list.js'
export { DEFAULT_FEED_MAX_AGE_SECONDS, FeedPrices, type PriceFeed, type PriceSource } from './chains/price-feeds.js'
export { chainClient } from './chains/chain-client.js'
export { NATIVE_TOKEN, UniswapV2Swaps, type SwapRouterConfig, type SwapTransaction } from './chains/uniswap-v2.js'
// Account activity (the history the modal lists) from a node's Otterscan API or the server's own
// indexer, the same rows from each (docs/service-api.md, "Activity from a real chain").
export { ACTIVITY_PAGE_SIZE, InvalidActivityCursorError, type ActivityPage, type ActivityPageRequest, type ActivitySource, type ActivityTransaction } from './chains/activity/activity.js'
export { OTTERSCAN_API_LEVEL, OtterscanActivity, otterscanApiLevel, type OtterscanActivityOptions } from './chains/activity/otterscan.js'
export { ActivityIndexError, ActivityIndexer, type ActivityIndexerOptions, type IndexedChain, type SyncOutcome } from './chains/activity/indexer.js'
export type { ActivityChain } from './chains/activity/reads.js'
export type { ActivityPresentation, TokenIcon } from './chains/activity/present.js'
export { ChainTokenMetadata, type ChainTokenMetadataOptions, type TokenFacts, type TokenMetadata } from './chains/activity/token-metadata.js'
export { ChainNftPreviews, type ChainNftPreviewsOptions } from './chains/activity/nft-previews.js'
export { evmActivity, type EvmActivity, type EvmActivityOptions } from './chains/evm-activity.js'
// Embedded-wallet keys at rest (issue 46): sealed per user, the data key wrapped by a KEK behind a port.
export { KeyEncryptionConfigError, KeyUnwrapError, keyEncryptionFromEnv, LocalKeyEncryption, newKekEntry, openUserKeys, parseKeks, rewrapUserKeys, sealUserKeys, type KeyEncryption, type SealedUserKeys, type UserSecrets, type WrappedKey } from './wallet/key-encryption.js'
export {
  isSolanaTransactionMessage,
  readSolanaTransaction,
  UnreadableSolanaTransactionError,
  withSolanaSignature,
  type KnownSolanaToken,
  type SolanaRow,
  type SolanaTransactionView,
} from './wallet/solana-transactions.js'
export { MAX_AUDIT_SUMMARY, NoWalletError, SolanaMessageIsTransactionError, WalletKeys, type ExportedKeys, type SignatureAudit, type WalletAddresses } from './wallet/wallet-keys.js'
// The embedded wallet's accounts (issue 46): users, identities, devices, codes, attempts and sessions on the database.
export { MAX_PASSKEYS_PER_USER, PASSKEY_CHALLENGE_LIFETIME_MS, PASSKEY_MESSAGES, Passkeys, type PasskeyRecord, type RelyingParty } from './wallet/login/passkeys.js'
export { InMemoryOneTimeValues, OneTimeValues, type JsonObject, type OneTimeKind, type OneTimeStore } from './wallet/login/one-time-values.js'
export { AUTH_MESSAGES, AuthAccounts, AuthError, DEVICE_LINK_LIFETIME_MS, normaliseEmail, OTP_LIFETIME_MS, OTP_MAX_ATTEMPTS, OTP_RESEND_COOLDOWN_MS, SESSION_LIFETIME_MS, type AccountsOptions, type AuthSession, type AuthUser, type EvmAccountType, type LoginAction, type Outgoing, type SignInIdentity } from './wallet/login/accounts.js'
export { CODE_LIMITS, CodePolicy, type CodeLimits } from './wallet/login/code-policy.js'
export { codesEqual } from './wallet/login/codes-equal.js'
export { InMemoryAttemptStore, InMemoryCodeStore, InMemorySessionStore, inMemoryLoginStores } from './wallet/login/memory-stores.js'
export { pgLoginStores, PgAttemptStore, PgCodeStore, PgSessionStore } from './wallet/login/pg-stores.js'
export type { AttemptStore, CodeStore, Lock, LoginSession, LoginStores, PendingCode, SessionStore } from './wallet/login/stores.js'
// The wallet origin (issue 46): the frame, its app and the wallet API as a Fastify application, and its mail.
export {
  buildWalletServer,
  eoaBatch,
  FRAME_ONLY_PATHS,
  jsonObjectBody,
  ORIGIN_NOT_ALLOWED,
  RPC_NOT_ALLOWED,
  sessionCookie,
  sessionCookieName,
  walletPage,
  WalletHttpError,
  type SmartAccounts,
  type WalletAnswer,
  type WalletChain,
  type WalletContext,
  type WalletPlugin,
  type WalletServerParts,
  type WalletUserJson,
} from './wallet/wallet-server.js'
export { DEVICE_APPROVAL_PATH, escapeHtml, smtpTransport, walletMail, writeMail, type MailTransport, type SmtpSettings, type WalletMailMessage } from './wallet/mail.js'
export { FRAME_APP_HEADER, frameApp, requestApp } from './wallet/http/frame-app.js'
export { CONFIRM_POPUP_PATH, FRAME_APP_PATH, WALLET_FRAME_PATH } from './wallet/http/frame-page.js'
// Social sign-in on the wallet origin (issue 47): OpenID Connect, OAuth 2 with a user endpoint, Sign in with Apple.
export { isSocialProvider, SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, socialConfigSchema, type SocialConfig, type SocialProvider, type SocialProviderSettings, type SocialSettings, type UserEndpointShape } from './wallet/login/social/provider-settings.js'
export { fromUserEndpoint, ProviderRefusal, SocialClients, UnverifiedAnswer, type FlowChecks, type SocialProfile } from './wallet/login/social/social-clients.js'
export {
  identitySession,
  SOCIAL_CALLBACK_PATH,
  SOCIAL_ERROR_FRAGMENT,
  SOCIAL_FLOW_LIFETIME_MS,
  SOCIAL_MESSAGE_TYPE,
  SOCIAL_MESSAGES,
  SOCIAL_TICKET_FRAGMENT,
  SOCIAL_TICKET_LIFETIME_MS,
  socialLogin,
  type SocialLoginErrorCode,
  type SocialLoginOptions,
} from './wallet/login/social/social-login.js'
