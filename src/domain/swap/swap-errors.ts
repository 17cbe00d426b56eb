import { DomainError } from '../domain-error'

/**
 * The swap service found no pool that can fill the trade (it answers "insufficient liquidity").
 * The spec has no words for it; these are Walletgate's own.
 */
export class SwapInsufficientLiquidityError extends DomainError {
  override readonly name = 'SwapInsufficientLiquidityError' as const
  readonly code = 'SWAP_INSUFFICIENT_LIQUIDITY' as const
  constructor(options?: { cause?: unknown }) {
    super('Insufficient liquidity for this swap', options)
  }
}

/** A sent approval failed on chain (or was never mined): the swap was not sent. */
export class SwapApprovalFailedError extends DomainError {
  override readonly name = 'SwapApprovalFailedError' as const
  readonly code = 'SWAP_APPROVAL_FAILED' as const
  constructor(options?: { cause?: unknown }) {
    super('The approval failed on chain; nothing was swapped.', options)
  }
}

/** The wallet reported the approval-and-swap batch failed as a whole. */
export class SwapBatchFailedError extends DomainError {
  override readonly name = 'SwapBatchFailedError' as const
  readonly code = 'SWAP_BATCH_FAILED' as const
  constructor(options?: { cause?: unknown }) {
    super('The approval and swap failed; nothing was swapped.', options)
  }
}

/** The batch's approval landed and its swap failed (a wallet that sends calls one by one). */
export class SwapBatchPartialError extends DomainError {
  override readonly name = 'SwapBatchPartialError' as const
  readonly code = 'SWAP_BATCH_PARTIAL' as const
  constructor(options?: { cause?: unknown }) {
    super('The approval went through but the swap failed; nothing was swapped. Try again.', options)
  }
}

/** The wallet had not reported the batch settled when the flow stopped following it. */
export class SwapBatchPendingError extends DomainError {
  override readonly name = 'SwapBatchPendingError' as const
  readonly code = 'SWAP_BATCH_PENDING' as const
  constructor(options?: { cause?: unknown }) {
    super('The wallet has not confirmed the swap yet. Check Activity before trying again.', options)
  }
}

/** The service's description for a trade no pool can fill (1inch's words). */
export const INSUFFICIENT_LIQUIDITY_REASON = 'insufficient liquidity'
