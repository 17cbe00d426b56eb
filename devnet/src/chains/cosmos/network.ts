/**
 * The demo's Cosmos chain and test key, with no imports (the demo page's config reads it at start).
 * No Cosmos chain runs offline: the chain is an identity only; the Devnet Wallet's Cosmos side
 * signs with this mnemonic's real secp256k1 key (path m/44'/118'/0'/0/0).
 */
export const COSMOS_DEVNET_CHAIN_ID = 'walletgate-devnet-1'
export const COSMOS_DEVNET_CAIP_NETWORK_ID = `cosmos:${COSMOS_DEVNET_CHAIN_ID}`
export const COSMOS_DEVNET_NAME = 'Cosmos Devnet'
/** The chain's bech32 account prefix. */
export const COSMOS_DEVNET_PREFIX = 'cosmos'
/** A public test mnemonic (CosmJS's own tests use it): never hold value with it. */
export const DEVNET_COSMOS_MNEMONIC = 'enlist hip relief stomach skate base shallow young switch frequent cry park'
/** The mnemonic's first account on the devnet chain. */
export const DEVNET_COSMOS_ADDRESS = 'cosmos14qemq0vw6y3gc3u3e0aty2e764u4gs5le3hada'
