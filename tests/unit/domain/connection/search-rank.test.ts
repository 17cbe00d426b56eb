import { describe, expect, it } from 'vitest'
import { rankBySearch, searchRank } from '../../../../src/domain/connection/search-rank'

describe('searchRank', () => {
  it('puts an exact name before a prefix, a word start, a substring and a non-match', () => {
    expect(searchRank('Rainbow', 'rainbow')).toBe(0)
    expect(searchRank('Rainbow Wallet', 'rain')).toBe(1)
    expect(searchRank('Coin Rainbow', 'rain')).toBe(2)
    expect(searchRank('Terrain', 'rain')).toBe(3)
    expect(searchRank('Ledger', 'rain')).toBe(4)
  })

  it('ignores case and surrounding spaces', () => {
    expect(searchRank('  MetaMask ', ' METAMASK')).toBe(0)
  })
})

describe('rankBySearch', () => {
  it('orders exact, then prefix, then substring matches, keeping the catalogue order within a rank', () => {
    const names = ['Terrain Wallet', 'Safe', 'Safepal', 'Unsafe Wallet', 'SafeMoon', 'Other']
    expect(rankBySearch(names, 'safe', (n) => n)).toEqual(['Safe', 'Safepal', 'SafeMoon', 'Unsafe Wallet', 'Terrain Wallet', 'Other'])
  })

  it('leaves the order alone for an empty query', () => {
    expect(rankBySearch(['b', 'a'], '  ', (n) => n)).toEqual(['b', 'a'])
  })
})
