import { describe, expect, it } from 'vitest'
import { pastedAddressOf, tokenMatchesText } from '../../../../src/domain/swap/token-query'

const DUSD = { symbol: 'dUSD', name: 'Devnet USD', address: 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3' }

describe('a token picker’s text', () => {
  it('reads a pasted address, plain or CAIP-10, by its own part in lower case', () => {
    expect(pastedAddressOf(' 0x5FbDB2315678afecb367f032d93F642f64180aa3 ')).toBe('0x5fbdb2315678afecb367f032d93f642f64180aa3')
    expect(pastedAddressOf('eip155:1:0x5FbDB2315678afecb367f032d93F642f64180aa3')).toBe('0x5fbdb2315678afecb367f032d93f642f64180aa3')
    expect(pastedAddressOf('usd')).toBeUndefined()
    expect(pastedAddressOf('averyveryverylongtokennamewithoutdigits')).toBeUndefined()
    expect(pastedAddressOf('Devnet USD with spaces 1234567890')).toBeUndefined()
  })

  it('matches a symbol, name or name-word prefix, or the exact address, whatever the case', () => {
    expect(tokenMatchesText(DUSD, '')).toBe(true)
    expect(tokenMatchesText(DUSD, 'DU')).toBe(true)
    expect(tokenMatchesText(DUSD, 'devn')).toBe(true)
    expect(tokenMatchesText(DUSD, 'usd')).toBe(true)
    expect(tokenMatchesText(DUSD, 'sd')).toBe(false)
    expect(tokenMatchesText(DUSD, '0x5fbdb2315678afecb367f032d93f642f64180aa3')).toBe(true)
    expect(tokenMatchesText(DUSD, '0x5fbdb2315678afecb367f032d93f642f64180aa4')).toBe(false)
    expect(tokenMatchesText({ symbol: 'ETH', name: 'Ether' }, '0x5fbdb2315678afecb367f032d93f642f64180aa3')).toBe(false)
    expect(tokenMatchesText({ symbol: 'ETH', name: 'Ether' }, '.*')).toBe(false)
  })
})
