/**
 * The Bitcoin networks wallets and addresses name, by their CAIP-2 id (`bip122:` and the first 32
 * hex characters of the genesis block hash).
 */
export type BitcoinNetworkKind = 'mainnet' | 'testnet' | 'regtest'

export const BITCOIN_CAIP_NETWORK_IDS = {
  mainnet: 'bip122:000000000019d6689c085ae165831e93',
  testnet: 'bip122:000000000933ea01ad0ee984209779ba',
  signet: 'bip122:00000008819873e925422c1ff0f99f7c',
  regtest: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
} as const

export const BITCOIN_NETWORK_NAMES: Readonly<Record<BitcoinNetworkKind, string>> = {
  mainnet: 'Bitcoin Mainnet',
  testnet: 'Bitcoin Testnet',
  regtest: 'Bitcoin Regtest',
}

/** Which address space a Bitcoin CAIP-2 network uses (signet's addresses are testnet's); undefined for an unknown chain. */
export function bitcoinNetworkOf(caipNetworkId: string): BitcoinNetworkKind | undefined {
  switch (caipNetworkId) {
    case BITCOIN_CAIP_NETWORK_IDS.mainnet:
      return 'mainnet'
    case BITCOIN_CAIP_NETWORK_IDS.testnet:
    case BITCOIN_CAIP_NETWORK_IDS.signet:
      return 'testnet'
    case BITCOIN_CAIP_NETWORK_IDS.regtest:
      return 'regtest'
    default:
      return undefined
  }
}
