/**
 * The devnet Solana chain's identity, with no imports: the demo page's config reads it at start,
 * where devnet/src/config.ts (which pulls viem for the EVM side's addresses) must not load.
 */

/** sha256('walletgate devnet solana genesis') in base58: the chain's genesis hash (getGenesisHash), fixed across restarts. */
export const SOLANA_DEVNET_GENESIS_HASH = 'xgHUoHTrtsZTcFDW4LTtHEcvmnDLiWgPDuruE2ovu3Z'
/** CAIP-2: `solana:` and the genesis hash's first 32 characters. */
export const SOLANA_DEVNET_CAIP_NETWORK_ID = `solana:${SOLANA_DEVNET_GENESIS_HASH.slice(0, 32)}`
export const SOLANA_DEVNET_NAME = 'Solana Devnet'
