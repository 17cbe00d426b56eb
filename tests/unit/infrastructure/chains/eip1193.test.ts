import { describe, expect, it } from 'vitest'
import { errorKindOf, toWalletRequestError, walletErrorCode } from '../../../../src/infrastructure/chains/eip155/eip1193'
import { WalletRequestError } from '../../../../src/ports/chain-family'

describe('eip155 wallet errors', () => {
  it('reads wallet error codes wrapped by the wallet or viem', () => {
    expect(walletErrorCode({ code: 4902 })).toBe(4902)
    expect(walletErrorCode({ data: { originalError: { code: 4902 } } })).toBe(4902)
    expect(walletErrorCode(new Error('x', { cause: { code: 4001 } }))).toBe(4001)
    expect(walletErrorCode('nope')).toBeUndefined()
  })

  it('maps EIP-1193 and JSON-RPC codes onto the family-neutral kinds', () => {
    expect(errorKindOf(4001)).toBe('rejected')
    expect(errorKindOf(-32002)).toBe('pending')
    expect(errorKindOf(4902)).toBe('unknownNetwork')
    expect(errorKindOf(-32601)).toBe('unsupportedMethod')
    expect(errorKindOf(4200)).toBe('unsupportedMethod')
    expect(errorKindOf(-32603)).toBe('failed')
    expect(errorKindOf(undefined)).toBe('failed')
  })

  it('keeps the wallet code and words on the WalletRequestError', () => {
    const error = toWalletRequestError(Object.assign(new Error('User rejected the request.\nDetails'), { code: 4001 }))
    expect(error).toBeInstanceOf(WalletRequestError)
    expect(error).toMatchObject({ kind: 'rejected', code: 4001, message: 'User rejected the request.' })
    expect(error.isUserRejection).toBe(true)
    expect(toWalletRequestError(error)).toBe(error)
  })
})
