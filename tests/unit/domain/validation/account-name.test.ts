import { describe, expect, it } from 'vitest'
import { isValidAccountName, validateAccountName } from '../../../../src/domain/validation/account-name'

describe('account name: letters, digits or hyphens, at least 4', () => {
  it.each(['alice', 'abcd', 'a-b-', 'A1-9', '1234'])('accepts %s', (n) => {
    expect(validateAccountName(n)).toEqual({ valid: true })
    expect(isValidAccountName(n)).toBe(true)
  })

  it.each(['abc', '', 'a'])('rejects %j as too short', (n) => {
    expect(validateAccountName(n)).toEqual({ valid: false, failure: { code: 'failure.nameTooShort' } })
  })

  it.each(['alice.wg', 'ali ce', 'al_ce', 'élan', 'ab!'])('rejects %s for its characters', (n) => {
    expect(validateAccountName(n)).toEqual({
      valid: false,
      failure: { code: 'failure.nameInvalidCharacters' }
    })
  })
})
