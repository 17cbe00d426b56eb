import { describe, expect, it } from 'vitest'
import { decideClose, isCloseBlocked } from '../../../../src/domain/navigation/close-guard'

describe('close guard', () => {
  it.each(['SIWXSignMessage', 'ApproveTransaction'] as const)(
    'on %s with sign-in required and no session, shakes for 500 ms instead of closing',
    (view) => {
      expect(decideClose({ view, siwxRequired: true, hasSession: false })).toEqual({ action: 'shake', durationMs: 500 })
      expect(isCloseBlocked({ view, siwxRequired: true, hasSession: false })).toBe(true)
    },
  )

  it('closes once a session exists or sign-in is optional', () => {
    expect(decideClose({ view: 'SIWXSignMessage', siwxRequired: true, hasSession: true })).toEqual({ action: 'close' })
    expect(decideClose({ view: 'SIWXSignMessage', siwxRequired: false, hasSession: false })).toEqual({
      action: 'close',
    })
  })

  it('closes on every other view', () => {
    expect(decideClose({ view: 'Account', siwxRequired: true, hasSession: false })).toEqual({ action: 'close' })
    expect(decideClose({ view: 'Connect', siwxRequired: true, hasSession: false })).toEqual({ action: 'close' })
  })
})
