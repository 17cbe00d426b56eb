import { describe, expect, it } from 'vitest'
import { defaultAccountType, preferredAccountType } from '../../../../src/domain/account/account-types'
import { DEFAULT_THEME_MODE } from '../../../../src/domain/constants'

describe('default account types', () => {
  it.each([
    ['eip155', 'smartAccount'],
    ['solana', 'eoa'],
    ['polkadot', 'eoa'],
    ['bip122', 'payment'],
  ] as const)('%s defaults to %s', (ns, type) => {
    expect(defaultAccountType(ns)).toBe(type)
  })

  it('cosmos, which the spec does not name, gets eoa', () => {
    expect(defaultAccountType('cosmos')).toBe('eoa')
  })

  it("the user's preference wins over the default", () => {
    expect(preferredAccountType('eip155', { eip155: 'eoa' })).toBe('eoa')
    expect(preferredAccountType('eip155', { solana: 'eoa' })).toBe('smartAccount')
  })
})

describe('theme', () => {
  it('defaults to dark', () => {
    expect(DEFAULT_THEME_MODE).toBe('dark')
  })
})
