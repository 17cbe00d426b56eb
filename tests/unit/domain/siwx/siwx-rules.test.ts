import { describe, expect, it } from 'vitest'
import { SNACK_MESSAGES } from '../../../../src/domain/messages'
import {
  sessionsFor,
  shouldOpenSiwxSign,
  signatureFailureSnack,
  siwxCancelOutcome,
} from '../../../../src/domain/siwx/siwx-rules'
import type { SiwxSession } from '../../../../src/domain/entities'

const session: SiwxSession = {
  data: { accountAddress: '0xAbC', chainId: 'eip155:31337', domain: 'a.test', uri: 'https://a.test', version: '1', nonce: 'n' },
  message: 'm',
  signature: '0xsig',
}

describe('SIWX rules', () => {
  it('opens the sign view after connecting on a supported network with no sessions', () => {
    expect(shouldOpenSiwxSign({ siwxEnabled: true, networkSupported: true, sessions: [] })).toBe(true)
    expect(shouldOpenSiwxSign({ siwxEnabled: true, networkSupported: true, sessions: [session] })).toBe(false)
    expect(shouldOpenSiwxSign({ siwxEnabled: true, networkSupported: false, sessions: [] })).toBe(false)
    expect(shouldOpenSiwxSign({ siwxEnabled: false, networkSupported: true, sessions: [] })).toBe(false)
  })

  it('cancel disconnects when sign-in is required, else closes; then resets to Connect', () => {
    expect(siwxCancelOutcome(true)).toEqual({ disconnect: true, close: true, resetTo: 'Connect' })
    expect(siwxCancelOutcome(false)).toEqual({ disconnect: false, close: true, resetTo: 'Connect' })
  })

  it('a failed signature says Smart Accounts may be unsupported for a smart account, else Signature declined', () => {
    expect(SNACK_MESSAGES[signatureFailureSnack('smartAccount')]).toBe('This application might not support Smart Accounts')
    expect(SNACK_MESSAGES[signatureFailureSnack('eoa')]).toBe('Signature declined')
    expect(SNACK_MESSAGES[signatureFailureSnack(undefined)]).toBe('Signature declined')
  })

  it('finds the sessions of an account on a chain', () => {
    expect(sessionsFor([session], 'eip155:31337', '0xabc')).toEqual([session])
    expect(sessionsFor([session], 'eip155:1', '0xabc')).toEqual([])
    expect(sessionsFor([session], 'eip155:31337', '0xdef')).toEqual([])
  })
})
