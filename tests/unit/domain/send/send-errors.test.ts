import { describe, expect, it } from 'vitest'
import { sendErrorMessage, type SendError } from '../../../../src/domain/send/send-errors'

describe('send error messages', () => {
  it.each<[SendError, string]>([
    [{ kind: 'amountAndReceiverRequired' }, 'An amount and receiver address are required'],
    [{ kind: 'tokenRequired' }, 'A token is required'],
    [{ kind: 'unsupportedChain' }, 'Unsupported chain'],
    [{ kind: 'invalidAddress' }, 'Invalid address'],
    [{ kind: 'wrongFamily', namespace: 'solana' }, 'This is not a Solana address'],
    [{ kind: 'wrongFamily', namespace: 'eip155' }, 'This is not an EVM address'],
    [{ kind: 'invalidAmount' }, 'Invalid amount'],
    [{ kind: 'tooManyDecimals', decimals: 6 }, 'This token accepts at most 6 decimals'],
    [{ kind: 'tooManyDecimals', decimals: 0 }, 'This token does not accept decimals'],
    [{ kind: 'amountNotPositive' }, 'Enter an amount greater than 0'],
    [{ kind: 'insufficientFunds' }, 'Insufficient funds'],
    [{ kind: 'notConnected' }, 'No ActiveCaipAddress found'],
    [{ kind: 'nameLookupFailed' }, 'Error resolving name'],
    [{ kind: 'feeEstimateFailed' }, 'Could not estimate the network fee'],
    [{ kind: 'transactionRejected' }, 'Transaction rejected'],
    [{ kind: 'walletFailed', reason: 'nonce too low' }, 'nonce too low'],
  ])('%j reads %j', (error, text) => {
    expect(sendErrorMessage(error)).toBe(text)
  })
})
