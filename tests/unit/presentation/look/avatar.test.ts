import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { avatarPattern } from '../../../../src/presentation/views/account/avatar'

const address = fc.stringMatching(/^0x[0-9a-fA-F]{40}$/)

describe('avatarPattern', () => {
  it('is the same for the same address in any case, and mirrored left to right', () => {
    fc.assert(
      fc.property(address, (a) => {
        const pattern = avatarPattern(a)
        expect(avatarPattern(a.toUpperCase().replace('0X', '0x'))).toEqual(pattern)
        const cells = new Set(pattern.d.match(/M\d \d/g) ?? [])
        for (const cell of cells) {
          const [, col, row] = /M(\d) (\d)/.exec(cell)!.map(Number) as [number, number, number]
          expect(cells.has(`M${4 - col} ${row}`)).toBe(true)
        }
      }),
    )
  })

  it('tells different addresses apart', () => {
    const a = avatarPattern('0x1111111111111111111111111111111111111111')
    const b = avatarPattern('0x2222222222222222222222222222222222222222')
    expect(a).not.toEqual(b)
  })
})
