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
export { DatabaseInUseError, openPgliteDatabase } from './db/pglite-database.js'
export { openPostgresDatabase } from './db/postgres-database.js'
export { originAllowed, originOf, Projects, type ProjectRecord } from './projects.js'
export { PUBLIC_IMAGES, type Image, type PublicImageKind } from './public-images.js'
export { decodeBase58 } from './base58.js'
// Chain readers (issue 45, under way): balances from any EVM chain through Multicall3 and a token
// list, prices from on-chain feeds. Not yet behind the server's own chain-data source; an embedder
// may use them as they are.
export { EvmBalanceReader, type HeldToken, type NativeCurrency } from './chains/evm-balances.js'
export { MULTICALL3_ADDRESS } from './chains/multicall.js'
export { readTokenList, TokenListError, tokenListSchema, tokensByChain, type ListedToken } from './chains/token-list.js'
export { DEFAULT_FEED_MAX_AGE_SECONDS, FeedPrices, type PriceFeed } from './chains/price-feeds.js'
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
