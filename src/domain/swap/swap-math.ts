/**
 * The arithmetic of a swap (spec section 9: slippage tolerance 1), on base units so nothing is
 * rounded in the visitor's disfavour: the minimum received at a slippage, the price impact of a
 * quote against the market prices, the slippage that keeps a fresh quote's bound at a previewed
 * minimum, and the most of a token that can be swapped while keeping the gas.
 */
import { SWAP_SLIPPAGE_TOLERANCE } from '../constants'

/** The native coin in swap token addresses (CAIP-10), as swap APIs write it. */
export const SWAP_NATIVE_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** Gas units a swap is expected to take before the service estimates it (router swaps take ~110-150k). */
export const SWAP_GAS_ESTIMATE = 200_000n
/** Gas units an ERC-20 approval is expected to take. */
export const APPROVE_GAS_ESTIMATE = 60_000n

export function isNativeSwapToken(caip10: string): boolean {
  return caip10.split(':')[2]?.toLowerCase() === SWAP_NATIVE_ADDRESS
}

/** What the swap pays at least when the pool moves by `slippagePercent` (basis-point precision, rounded down). */
export function minimumReceived(toAmount: bigint, slippagePercent: number = SWAP_SLIPPAGE_TOLERANCE): bigint {
  const keepBps = 10_000n - BigInt(Math.round(slippagePercent * 100))
  return (toAmount * keepBps) / 10_000n
}

/**
 * The slippage (percent, two decimals) whose bound on `freshQuote` is never below `previewedMinimum`,
 * and at most the spec's tolerance. Undefined when the fresh quote already pays less than that minimum.
 */
export function slippageKeeping(previewedMinimum: bigint, freshQuote: bigint): number | undefined {
  if (freshQuote < previewedMinimum || freshQuote === 0n) return undefined
  const bps = ((freshQuote - previewedMinimum) * 10_000n) / freshQuote
  const capped = bps > BigInt(SWAP_SLIPPAGE_TOLERANCE * 100) ? BigInt(SWAP_SLIPPAGE_TOLERANCE * 100) : bps
  return Number(capped) / 100
}

/**
 * How much less the quote pays than the market prices say (percent, ≥ 0): the pool's fee and its
 * price impact. Undefined without both prices.
 */
export function priceImpactPercent(
  from: { readonly amount: bigint; readonly decimals: number; readonly price: number },
  to: { readonly amount: bigint; readonly decimals: number; readonly price: number },
): number | undefined {
  if (!(from.price > 0) || !(to.price > 0) || from.amount === 0n) return undefined
  const fromUsd = (Number(from.amount) / 10 ** from.decimals) * from.price
  const toUsd = (Number(to.amount) / 10 ** to.decimals) * to.price
  return Math.max(0, (1 - toUsd / fromUsd) * 100)
}

/** The most of a holding that can be swapped: all of a token; the native coin less `gasReserve`. */
export function maxSwapAmount(balance: bigint, native: boolean, gasReserve: bigint): bigint {
  if (!native) return balance
  return balance > gasReserve ? balance - gasReserve : 0n
}
