import { describe, expect, it } from 'vitest'
import { sendErrorMessage } from '../../../../src/domain/send/send-errors'
import { validateSendForm, type SendFormInput } from '../../../../src/domain/validation/send-form'
import { aTokenBalance } from '../../../builders/a-token-balance'
import { aFamilyRule } from '../../../fakes/in-memory-family-rules'

const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** The text the form shows for the first broken rule, or undefined. */
function messageOf(input: SendFormInput): string | undefined {
  const error = validateSendForm(input)
  return error && sendErrorMessage(error)
}

describe('send form', () => {
  it('needs an amount and a receiver address', () => {
    for (const input of [{ amount: '1' }, { receiverAddress: receiver }, { amount: ' ', receiverAddress: receiver }]) {
      expect(messageOf({ ...input, token: aTokenBalance(), family: aFamilyRule('eip155') })).toBe(
        'An amount and receiver address are required',
      )
    }
  })

  it('needs a token', () => {
    expect(messageOf({ amount: '1', receiverAddress: receiver, family: aFamilyRule('eip155') })).toBe(
      'A token is required',
    )
  })

  it.each(['polkadot', 'bip122', 'cosmos', undefined] as const)('%s gives Unsupported chain', (namespace) => {
    expect(messageOf({ amount: '1', receiverAddress: receiver, token: aTokenBalance(), ...(namespace ? { family: aFamilyRule(namespace) } : {}) })).toBe(
      'Unsupported chain',
    )
  })

  it('rejects a malformed receiver, an unparseable amount and more than the balance', () => {
    const token = aTokenBalance({ quantity: { decimals: '18', numeric: '1.5' } })
    expect(messageOf({ amount: '1', receiverAddress: '0x123', token, family: aFamilyRule('eip155') })).toBe(
      'Invalid address',
    )
    expect(messageOf({ amount: 'abc', receiverAddress: receiver, token, family: aFamilyRule('eip155') })).toBe('Invalid amount')
    expect(messageOf({ amount: '1.0000000000000000001', receiverAddress: receiver, token, family: aFamilyRule('eip155') })).toBe(
      'This token accepts at most 18 decimals',
    )
    expect(messageOf({ amount: '1.6', receiverAddress: receiver, token, family: aFamilyRule('eip155') })).toBe(
      'Insufficient funds',
    )
  })

  it.each(['0', '0.000', '0.', ' 0,0 ', '.0'])('refuses an amount of zero (%j) with "Enter an amount greater than 0"', (amount) => {
    const token = aTokenBalance({ quantity: { decimals: '18', numeric: '1.5' } })
    expect(messageOf({ amount, receiverAddress: receiver, token, family: aFamilyRule('eip155') })).toBe(
      'Enter an amount greater than 0',
    )
  })

  it('accepts a complete form within the balance, including a comma decimal', () => {
    const token = aTokenBalance({ quantity: { decimals: '18', numeric: '1.5' } })
    expect(validateSendForm({ amount: '1,5', receiverAddress: receiver, token, family: aFamilyRule('eip155') })).toBeUndefined()
    const sol = aTokenBalance({ chainId: 'solana:x', quantity: { decimals: '9', numeric: '2' } })
    expect(
      validateSendForm({ amount: '0.5', receiverAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', token: sol, family: aFamilyRule('solana') }),
    ).toBeUndefined()
  })

  it('checks the receiver with the rule of the namespace it is sent on; an address of another family says which is expected', () => {
    const sol = aTokenBalance({ chainId: 'solana:x', quantity: { decimals: '9', numeric: '2' } })
    expect(validateSendForm({ amount: '0.5', receiverAddress: receiver, token: sol, family: aFamilyRule('solana') })).toEqual({
      kind: 'wrongFamily',
      namespace: 'solana',
    })
    expect(validateSendForm({ amount: '0.5', receiverAddress: 'not-an-address', token: sol, family: aFamilyRule('solana') })).toEqual({
      kind: 'invalidAddress',
    })
    expect(
      validateSendForm({ amount: '1', receiverAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', token: aTokenBalance(), family: aFamilyRule('eip155') }),
    ).toEqual({ kind: 'wrongFamily', namespace: 'eip155' })
  })
})
