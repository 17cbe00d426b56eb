/**
 * Transfers whose gas the app pays when the review found them sponsored: such a transfer goes to
 * the wallet as one call with the app's paymaster service; every other one, and every estimate and
 * receipt, goes the usual way.
 */
import { tokenTransferData } from '../../domain/signing/decode-call'
import { TransactionRejectedError } from '../../domain/errors'
import { WalletRequestError } from '../../ports/chain-family'
import type { AccountCalls } from '../../ports/sponsored-calls'
import { TransferFailedError, type SentTransfer, type TokenTransfers, type TransferRequest } from '../../ports/token-transfers'
import type { GasSponsorship } from './gas-sponsorship'

/** The transfer as the one call a wallet sends: a value transfer, or the token's `transfer(to, amount)`. */
export function transferCalls(request: TransferRequest): AccountCalls {
  const call = request.token === undefined ? { to: request.to, value: request.amount } : { to: request.token, data: tokenTransferData(request.to, request.amount) }
  return { chainId: request.chainId, from: request.from, calls: [call] }
}

export function sponsoredTransfers(
  inner: TokenTransfers,
  sponsorship: Pick<GasSponsorship, 'sponsored' | 'send'>,
  connectorOf: (request: TransferRequest) => string | undefined,
): TokenTransfers {
  return {
    estimate: (request, options) => inner.estimate(request, options),
    receiptStatus: (chainId, hash) => inner.receiptStatus(chainId, hash),
    async send(request: TransferRequest): Promise<SentTransfer> {
      const calls = transferCalls(request)
      const connectorId = connectorOf(request)
      if (connectorId === undefined || !sponsorship.sponsored(calls)) return inner.send(request)
      try {
        return { hash: await sponsorship.send(connectorId, calls) }
      } catch (error) {
        if (error instanceof WalletRequestError && error.kind === 'rejected') throw new TransactionRejectedError({ cause: error })
        throw new TransferFailedError(error instanceof Error && error.message !== '' ? error.message : 'The wallet could not send the transfer', { cause: error })
      }
    },
  }
}
