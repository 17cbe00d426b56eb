import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_WALLET_MESSAGE_LENGTH, MAX_WALLET_NAME_LENGTH, boundMessage, boundWalletName } from '../../../../src/domain/validation/text-bounds'

const codePoints = (s: string) => Array.from(s).length

describe('text bounds', () => {
  it('a wallet name is trimmed and cut to 64 code points, never splitting an emoji', () => {
    expect(boundWalletName('  MetaMask  ')).toBe('MetaMask')
    expect(boundWalletName('W'.repeat(5_000_000))).toBe('W'.repeat(64))
    const emoji = '🦊'.repeat(100)
    expect(boundWalletName(emoji)).toBe('🦊'.repeat(64))
  })

  it('a wallet message over 300 code points ends in "…"; a shorter one is kept as is', () => {
    expect(boundMessage('nonce too low')).toBe('nonce too low')
    const long = boundMessage('x'.repeat(5_000_000))
    expect(codePoints(long)).toBe(MAX_WALLET_MESSAGE_LENGTH)
    expect(long.endsWith('…')).toBe(true)
    expect(boundMessage('y'.repeat(300))).toBe('y'.repeat(300))
  })

  it('bounds hold for any text (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', ' ', '\n', '🦊', 'é', '\u200b', '\ud800', 'Z'), { maxLength: 700 }).map((units) => units.join('')), (text) => {
        const name = boundWalletName(text)
        expect(codePoints(name)).toBeLessThanOrEqual(MAX_WALLET_NAME_LENGTH)
        expect(text.trim().startsWith(name)).toBe(true)
        const message = boundMessage(text)
        expect(codePoints(message)).toBeLessThanOrEqual(MAX_WALLET_MESSAGE_LENGTH)
        if (codePoints(text.trim()) <= MAX_WALLET_MESSAGE_LENGTH) expect(message).toBe(text.trim())
        else expect(text.trim().startsWith(message.slice(0, -1))).toBe(true)
      }),
      { numRuns: 300 },
    )
  })
})
