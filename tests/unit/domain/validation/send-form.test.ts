import { describe, expect, it } from 'vitest'
import { validateSendForm } from '../../../../src/domain/validation/send-form'
import { aTokenBalance } from '../../../builders/a-token-balance'

const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('send form', () => {
  it('needs an amount and a receiver address', () => {
    for (const input of [{ amount: '1' }, { receiverAddress: receiver }, { amount: ' ', receiverAddress: receiver }]) {
      expect(validateSendForm({ ...input, token: aTokenBalance(), namespace: 'eip155' })?.message).toBe(
        'An amount and receiver address are required',
      )
    }
  })

  it('needs a token', () => {
    expect(validateSendForm({ amount: '1', receiverAddress: receiver, namespace: 'eip155' })?.message).toBe(
      'A token is required',
    )
  })

  it.each(['polkadot', 'bip122', 'cosmos', undefined] as const)('%s gives Unsupported chain', (namespace) => {
    expect(validateSendForm({ amount: '1', receiverAddress: receiver, token: aTokenBalance(), namespace })?.message).toBe(
      'Unsupported chain',
    )
  })

  it('rejects a malformed receiver, an unparseable amount and more than the balance', () => {
    const token = aTokenBalance({ quantity: { decimals: '18', numeric: '1.5' } })
    expect(validateSendForm({ amount: '1', receiverAddress: '0x123', token, namespace: 'eip155' })?.message).toBe(
      'Invalid address',
    )
    expect(validateSendForm({ amount: 'abc', receiverAddress: receiver, token, namespace: 'eip155' })?.message).toBe(
      'Invalid amount',
    )
    expect(validateSendForm({ amount: '1.6', receiverAddress: receiver, token, namespace: 'eip155' })?.message).toBe(
      'Insufficient funds',
    )
  })

  it.each(['0', '0.000', '0.', ' 0,0 ', '.0'])('refuses an amount of zero (%j) with "Enter an amount greater than 0"', (amount) => {
    const token = aTokenBalance({ quantity: { decimals: '18', numeric: '1.5' } })
    expect(validateSendForm({ amount, receiverAddress: receiver, token, namespace: 'eip155' })?.message).toBe(
      'Enter an amount greater than 0',
    )
  })

  it('accepts a complete form within the balance, including a comma decimal', () => {
    const token = aTokenBalance({ quantity: { decimals: '18', numeric: '1.5' } })
    expect(validateSendForm({ amount: '1,5', receiverAddress: receiver, token, namespace: 'eip155' })).toBeUndefined()
    const sol = aTokenBalance({ chainId: 'solana:x', quantity: { decimals: '9', numeric: '2' } })
    expect(
      validateSendForm({ amount: '0.5', receiverAddress: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM', token: sol, namespace: 'solana' }),
    ).toBeUndefined()
  })
})
