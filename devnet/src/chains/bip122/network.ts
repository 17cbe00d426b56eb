/**
 * The devnet Bitcoin chain's identity, with no imports: the demo page's config reads it at start,
 * before any chain code loads.
 */
export const BITCOIN_DEVNET_NAME = 'Bitcoin Regtest'
/** Bitcoin regtest's genesis block hash: the devnet's block 0, so wallets that know regtest recognise it. */
export const BITCOIN_DEVNET_GENESIS_HASH = '0f9188f13cb7b2c71f2a335e3a4fc328bf5beb436012afca590b1a11466e2206'
/** CAIP-2 (`bip122:` and the genesis hash's first 32 hex characters). */
export const BITCOIN_DEVNET_CAIP_NETWORK_ID = `bip122:${BITCOIN_DEVNET_GENESIS_HASH.slice(0, 32)}`
/** Regtest's bech32 prefix (`bcrt1q…` payment, `bcrt1p…` taproot addresses). */
export const BITCOIN_DEVNET_BECH32_PREFIX = 'bcrt'
