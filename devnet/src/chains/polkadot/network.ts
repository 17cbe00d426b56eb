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

/**
 * The test accounts: 32-byte seeds (sha256 of 'walletgate devnet polkadot <name>'), their keys'
 * type, and the address in the generic SS58 format (prefix 42). Real keys, never holding value.
 */
export const DEVNET_POLKADOT_ACCOUNTS: readonly {
  readonly seed: `0x${string}`
  readonly name: string
  readonly type: 'sr25519' | 'ed25519'
  readonly address: string
}[] = [
  { seed: '0xad2330dc0b0ea7557799da28968a55d8fa0695744beab387cf08904c9558d640', name: 'Alice', type: 'sr25519', address: '5H9H7AKE7EodzhdbzGFKNAbSpkR8z8PNbWcMKNLxHo6Rvwjm' },
  { seed: '0xab02fabf0d94d802e425eaac969c16448ff0383f9adef76bedb66f06f0c9475c', name: 'Bob', type: 'sr25519', address: '5GNaeyd6CgaAzTyFyGq2EMVKyNnS29L82NZKC3MV99AvwSNm' },
  { seed: '0xe005b5029114c3cf0c7e3fdf8390aa22745fb4f838e076457a706e47096861f0', name: 'Charlie (ed25519)', type: 'ed25519', address: '5GXebKvPtddtBFWhWDCsW3VRnu7dFXW56hvJ18n95Ge8sfXP' },
]
