/**
 * The demo's Polkadot network and test accounts, with no imports (the demo page's config reads it
 * at start). There is no Substrate node offline: the network is an identity only (a made-up
 * genesis hash, so addresses use the generic SS58 prefix 42); the Devnet Wallet's Polkadot side
 * signs with these accounts' real keys.
 */

/** sha256('walletgate devnet polkadot genesis'): the devnet's genesis hash, fixed. */
export const POLKADOT_DEVNET_GENESIS_HASH = '0x11d80c7033a79556158c7c2baf13702bebe941123028766220487c7bf3d94e6f'
/** CAIP-2: `polkadot:` and the genesis hash's first 32 hex characters. */
export const POLKADOT_DEVNET_CAIP_NETWORK_ID = `polkadot:${POLKADOT_DEVNET_GENESIS_HASH.slice(2, 34)}`
export const POLKADOT_DEVNET_NAME = 'Polkadot Devnet'

/** Substrate's public development keys (`//Alice` ...): real keys, known to every Substrate tool. */
export const DEVNET_POLKADOT_ACCOUNTS: readonly { readonly uri: string; readonly name: string; readonly type: 'sr25519' | 'ed25519' }[] = [
  { uri: '//Alice', name: 'Alice', type: 'sr25519' },
  { uri: '//Bob', name: 'Bob', type: 'sr25519' },
  { uri: '//Charlie', name: 'Charlie (ed25519)', type: 'ed25519' },
]
