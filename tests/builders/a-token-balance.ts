import type { TokenBalance } from '../../src/domain/entities'

/** A token balance on the devnet chain: 1.5 of an 18-decimals token at 2 usd. */
export function aTokenBalance(overrides: Partial<TokenBalance> = {}): TokenBalance {
  return {
    name: 'Walletgate Token',
    symbol: 'WGT',
    chainId: 'eip155:31337',
    address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
    value: 3,
    price: 2,
    quantity: { decimals: '18', numeric: '1.5' },
    iconUrl: 'https://example.test/wgt.svg',
    ...overrides,
  }
}

/** The native token (no address). */
export function aNativeBalance(overrides: Partial<TokenBalance> = {}): TokenBalance {
  const { address: _address, ...native } = aTokenBalance({
    name: 'Ether',
    symbol: 'ETH',
    value: 3000,
    price: 3000,
    quantity: { decimals: '18', numeric: '1' },
    iconUrl: 'https://example.test/eth.svg',
  })
  return { ...native, ...overrides }
}
