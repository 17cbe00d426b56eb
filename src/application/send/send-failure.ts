/** A failure of the transfer port read as a send error value (the view words it with sendErrorMessage). */
import { TransactionRejectedError } from '../../domain/errors'
import type { SendError } from '../../domain/send/send-errors'
import { boundMessage } from '../../domain/validation/text-bounds'
import { GasEstimationError, UnsupportedTransferChainError } from '../../ports/token-transfers'

export function sendErrorOf(error: unknown): SendError {
  if (error instanceof UnsupportedTransferChainError) return { kind: 'unsupportedChain' }
  if (error instanceof TransactionRejectedError) return { kind: 'transactionRejected' }
  if (error instanceof GasEstimationError) return { kind: 'feeEstimateFailed' }
  // Anything else keeps the wallet's or the chain's own words, bounded (they are untrusted text).
  return { kind: 'walletFailed', reason: boundMessage(error instanceof Error && error.message !== '' ? error.message : String(error)) }
}
