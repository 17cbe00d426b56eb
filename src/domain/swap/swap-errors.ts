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

/** The service's description for a trade no pool can fill (1inch's words). */
export const INSUFFICIENT_LIQUIDITY_REASON = 'insufficient liquidity'
