/** Network-fee rules of a send: what Max leaves for the fee, whether the fee is covered, how it reads. */
import { formatBalance } from '../format/amount'

/**
 * "Max" of the native token leaves the estimated fee plus this margin in percent, so a fee that
 * rises a little between the estimate and the wallet's own still fits (Walletgate's own number).
 */
export const MAX_FEE_MARGIN_PERCENT = 20n

/** The most of the native token a send can move: the balance less the fee and its margin, never below 0. */
export function maxNativeAmount(balance: bigint, estimatedFee: bigint): bigint {
  const reserve = (estimatedFee * (100n + MAX_FEE_MARGIN_PERCENT)) / 100n
  return balance > reserve ? balance - reserve : 0n
}

/**
 * Whether the native balance pays for the transfer: the amount plus the fee when the native token
 * is sent, the fee alone otherwise.
 */
export function coversNetworkFee(input: {
  readonly sendsNative: boolean
  readonly amount: bigint
  readonly fee: bigint
  readonly nativeBalance: bigint
}): boolean {
  const needed = input.sendsNative ? input.amount + input.fee : input.fee
  return needed <= input.nativeBalance
}

/** A fee with the balance's 3 decimals; a fee that rounds to nothing reads "< 0.001". */
export function displayFee(fee: bigint, decimals: number): string {
  const shown = formatBalance(fee, decimals)
  return fee > 0n && /^0\.0+$/.test(shown) ? '< 0.001' : shown
}
