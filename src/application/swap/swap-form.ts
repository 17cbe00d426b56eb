/**
 * The swap form's reading of its typed values: which rows the from and to addresses name, the
 * typed amount in base units, what the form says against the holding, and a token's row from the
 * account's balances. Pure functions over the flow's state (./swap-flow.ts keeps it).
 */
import type { SwapToken, TokenBalance } from '../../domain/entities'
import { formatBalance, parseAmountInput, parseUnitsExact } from '../../domain/format/amount'
import { isNativeSwapToken } from '../../domain/swap/swap-math'
import type { Failure } from '../../domain/failure'
import { SWAP_FAILURES, type SwapState, type SwapTokenRow } from './swap-state'

/** The row of `address` among the loaded tokens, if any. */
export function tokenOf(state: SwapState, address: string | undefined): SwapTokenRow | undefined {
  if (state.tokens.status !== 'ready' || address === undefined) return undefined
  return state.tokens.list.find((t) => t.address === address)
}

/** The native coin's row, if the network's swap list has it. */
export function nativeRowOf(state: SwapState): SwapTokenRow | undefined {
  return state.tokens.status === 'ready' ? state.tokens.list.find((t) => isNativeSwapToken(t.address)) : undefined
}

/** The typed amount in the from token's base units; undefined when empty or without a token. */
export function parsedAmountOf(state: SwapState, locale: string | undefined): bigint | 'invalid' | undefined {
  const from = tokenOf(state, state.from)
  if (state.amount.trim() === '' || from === undefined) return undefined
  const parsed = parseAmountInput(state.amount, from.decimals, locale ?? 'en-US')
  return parsed.ok ? parsed.value : 'invalid'
}

/** What the form says of the typed amount against the from token's holding, if anything. */
export function formErrorOf(state: SwapState, parsed: bigint | 'invalid' | undefined): Failure | undefined {
  const from = tokenOf(state, state.from)
  if (parsed === 'invalid') return SWAP_FAILURES.invalidAmount
  return parsed !== undefined && from !== undefined && parsed > from.balance ? SWAP_FAILURES.insufficientBalance : undefined
}

/** `token` with what `balances` hold of it and its usd price (the given one, else the holding's, else 0). */
export function swapRow(token: SwapToken, price: number | undefined, balances: readonly TokenBalance[]): SwapTokenRow {
  const held = holding(token, balances)
  const balance = held === undefined ? 0n : unitsOf(held.quantity.numeric, token.decimals)
  return { ...token, balance, balanceText: formatBalance(balance, token.decimals), price: price ?? held?.price ?? 0 }
}

function holding(token: SwapToken, balances: readonly TokenBalance[]): TokenBalance | undefined {
  const native = isNativeSwapToken(token.address)
  return balances.find((b) => (native ? b.address === undefined : b.address?.toLowerCase() === token.address.toLowerCase()))
}

/** A wire balance (`quantity.numeric`, a plain decimal string) in base units; 0 when unreadable. */
function unitsOf(numeric: string, decimals: number): bigint {
  try {
    return parseUnitsExact(numeric, decimals)
  } catch {
    return 0n
  }
}
