import { describe, expect, it } from 'vitest'
import {
  dropLowQualityBalances,
  isNativeToken,
  tokenBalanceUnits,
} from '../../../../src/domain/balances/token-balances'
import { isWalletAssetsResponse, parseWalletAssets } from '../../../../src/domain/balances/wallet-assets'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'

describe('token balances', () => {
  it('drops balances with 0 decimals as low quality', () => {
    const good = aTokenBalance()
    const zero = aTokenBalance({ symbol: 'JUNK', quantity: { decimals: '0', numeric: '100' } })
    expect(dropLowQualityBalances([good, zero])).toEqual([good])
  })

  it('reads the holding as exact base units', () => {
    expect(tokenBalanceUnits(aTokenBalance({ quantity: { decimals: '18', numeric: '1.5' } }))).toBe(
      1_500_000_000_000_000_000n,
    )
    expect(tokenBalanceUnits(aTokenBalance({ quantity: { decimals: '6', numeric: 'oops' } }))).toBe(0n)
  })

  it('knows the native token by its missing address', () => {
    expect(isNativeToken(aNativeBalance())).toBe(true)
    expect(isNativeToken(aTokenBalance())).toBe(false)
  })
})

describe('wallet asset discovery', () => {
  const answer = {
    '0x7a69': [
      {
        address: 'native',
        balance: '0xde0b6b3a7640000',
        type: 'NATIVE',
        metadata: { name: 'Ether', symbol: 'ETH', decimals: 18, price: 3000, iconUrl: 'https://x/eth.svg' },
      },
      {
        address: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
        balance: '1500000',
        type: 'ERC20',
        metadata: { name: 'USD Coin', symbol: 'USDC', decimals: 6, price: 1, iconUrl: 'https://x/usdc.svg' },
      },
    ],
  }

  it('maps a well-shaped answer to token balances', () => {
    expect(isWalletAssetsResponse(answer)).toBe(true)
    expect(parseWalletAssets(answer, 31337)).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: 'eip155:31337',
        value: 3000,
        price: 3000,
        quantity: { decimals: '18', numeric: '1' },
        iconUrl: 'https://x/eth.svg',
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: 'eip155:31337',
        address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3',
        value: 1.5,
        price: 1,
        quantity: { decimals: '6', numeric: '1.5' },
        iconUrl: 'https://x/usdc.svg',
      },
    ])
  })

  it('an answer without the chain gives an empty list', () => {
    expect(parseWalletAssets(answer, 1)).toEqual([])
  })

  it.each([
    ['a wrong type', { '0x1': [{ ...answer['0x7a69'][1], type: 'ERC721' }] }],
    ['missing metadata fields', { '0x1': [{ ...answer['0x7a69'][1], metadata: { name: 'x' } }] }],
    ['no address', { '0x1': [{ ...answer['0x7a69'][1], address: undefined }] }],
    ['not a record', 'nope'],
    ['a list', [answer['0x7a69'][0]]],
  ])('falls back (undefined) on %s', (_case, value) => {
    expect(parseWalletAssets(value, 1)).toBeUndefined()
  })
})
