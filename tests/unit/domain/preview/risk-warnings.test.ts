import { describe, expect, it } from 'vitest'
import { MAX_UINT256 } from '../../../../src/domain/signing/known-tokens'
import { riskWarnings, UNLIMITED_APPROVAL } from '../../../../src/domain/preview/risk-warnings'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('risk warnings', () => {
  it('an unlimited approval (max uint256 or anything from 2^255) is warned about, whatever is needed', () => {
    expect(riskWarnings({ approval: { amount: MAX_UINT256, needed: 10n, symbol: 'dUSD' } })).toEqual([{ kind: 'unlimitedApproval', symbol: 'dUSD' }])
    expect(riskWarnings({ approval: { amount: UNLIMITED_APPROVAL, symbol: 'dUSD' } })).toEqual([{ kind: 'unlimitedApproval', symbol: 'dUSD' }])
  })

  it('an approval above the need is warned about; exactly the need is not', () => {
    expect(riskWarnings({ approval: { amount: 11n, needed: 10n, symbol: 'dUSD' } })).toEqual([{ kind: 'approvalAboveNeed', symbol: 'dUSD' }])
    expect(riskWarnings({ approval: { amount: 10n, needed: 10n, symbol: 'dUSD' } })).toEqual([])
  })

  it('the token contract as receiver, a deny-listed receiver (any case) and a first transfer each get a line', () => {
    expect(riskWarnings({ receiver: TOKEN.toLowerCase(), token: { contract: TOKEN, symbol: 'dUSD' } })).toEqual([{ kind: 'receiverIsToken', symbol: 'dUSD' }])
    expect(riskWarnings({ receiver: BOB, denyList: [` ${BOB.toLowerCase()} `] })).toEqual([{ kind: 'deniedReceiver' }])
    expect(riskWarnings({ receiver: BOB, pastReceivers: [] })).toEqual([{ kind: 'firstTransfer' }])
    expect(riskWarnings({ receiver: BOB, pastReceivers: [BOB.toLowerCase()] })).toEqual([])
    expect(riskWarnings({ receiver: BOB })).toEqual([])
  })

  it('an NFT to a contract without the receiver hook is warned about', () => {
    expect(riskWarnings({ nftReceiverWithoutHook: true })).toEqual([{ kind: 'nftReceiverWithoutHook' }])
  })
})
