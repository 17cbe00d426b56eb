import { describe, expect, it } from 'vitest'
import { shortAddress } from '../../../../src/domain/format/address'

describe('shortAddress', () => {
  it('keeps the first 6 and last 4 characters of a long address', () => {
    expect(shortAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf39F\u20262266')
  })

  it('shows an address of 12 characters or fewer whole', () => {
    expect(shortAddress('0x1234567890')).toBe('0x1234567890')
    expect(shortAddress('abcdefghijkl')).toBe('abcdefghijkl')
    expect(shortAddress('')).toBe('')
  })

  it('shortens from 13 characters on', () => {
    expect(shortAddress('abcdefghijklm')).toBe('abcdef\u2026jklm')
  })

  it('shortens a bech32 address after its prefix, so the part that differs shows', () => {
    expect(shortAddress('cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu')).toBe('cosmos1qypq\u2026v7xu')
    expect(shortAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe('bcrt1qw50\u2026t080')
    // Not bech32 (upper case mixed, a 0x address): the first six characters as before.
    expect(shortAddress('0xcosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yy')).toBe('0xcosm\u2026g3yy')
  })
})
