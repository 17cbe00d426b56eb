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
})
