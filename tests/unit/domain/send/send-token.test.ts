import { describe, expect, it } from 'vitest'
import { contractAddress, sameToken } from '../../../../src/domain/send/send-token'
import { aNativeBalance, aTokenBalance } from '../../../builders/a-token-balance'

describe('send token', () => {
  it('the contract of a CAIP-10 token address is its last part', () => {
    expect(contractAddress({ address: 'eip155:1:0xabc' })).toBe('0xabc')
    expect(contractAddress({ address: '0xabc' })).toBe('0xabc')
    expect(contractAddress({})).toBe('')
  })

  it('the same token is the same chain, contract (any case) and symbol', () => {
    const token = aTokenBalance()
    expect(sameToken(token, aTokenBalance({ address: token.address?.toUpperCase(), quantity: { decimals: '18', numeric: '9' } }))).toBe(true)
    expect(sameToken(token, aTokenBalance({ chainId: 'eip155:1' }))).toBe(false)
    expect(sameToken(token, aTokenBalance({ symbol: 'OTHER' }))).toBe(false)
    expect(sameToken(token, aNativeBalance())).toBe(false)
  })
})
