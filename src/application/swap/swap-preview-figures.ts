/**
 * What a swap's review writes: the amounts as a review line shows them (a quoted amount cut to 6
 * decimals, never rounded up), the network fee of everything the visitor will sign (the approval
 * and the swap when an approval comes first, in one batch or two requests), and their dollar
 * values where the tokens have prices. Plain decimal strings: the views write them in the
 * visitor's locale and currency.
 */
import { displayFee } from '../../domain/send/send-fees'
import { fiatValue, formatUnitsShort, parseUnitsExact } from '../../domain/format/amount'
import { APPROVE_GAS_ESTIMATE, SWAP_GAS_ESTIMATE } from '../../domain/swap/swap-math'
import type { SwapPreview } from './swap-state'

export interface SwapPreviewFigures {
  readonly receive: string
  readonly minimum: string
  /** The fee of the approval and the swap together when an approval comes first. */
  readonly fee: bigint
  /** "0.0042 ETH", "< 0.001 ETH". */
  readonly feeText: string
  /** Dollar values (plain, 2 decimals); undefined without a price. */
  readonly payUsd?: string
  readonly receiveUsd?: string
  readonly feeUsd?: string
}

export function swapPreviewFigures(preview: SwapPreview): SwapPreviewFigures {
  const { quote, from, to, native } = preview
  // The quote's fee is its gas price times the swap's gas; an approval first adds its own gas.
  const fee = preview.needsApproval ? quote.fee + (quote.fee * APPROVE_GAS_ESTIMATE) / SWAP_GAS_ESTIMATE : quote.fee
  const decimals = native?.decimals ?? 18
  const usd = (value: bigint, token: { decimals: number; price: number } | undefined) =>
    token !== undefined && token.price > 0 ? fiatValue(value, token.decimals, token.price) : undefined
  const pay = paidUnits(preview)
  return {
    receive: formatUnitsShort(quote.toAmount, to.decimals),
    minimum: formatUnitsShort(quote.minimum, to.decimals),
    fee,
    feeText: `${displayFee(fee, decimals)} ${native?.symbol ?? ''}`.trim(),
    ...optional('payUsd', pay === undefined ? undefined : usd(pay, from)),
    ...optional('receiveUsd', usd(quote.toAmount, to)),
    ...optional('feeUsd', usd(fee, native === undefined ? undefined : { decimals, price: native.price })),
  }
}

/** What the visitor pays in base units: the quote's amount (the typed one it was asked for). */
function paidUnits(preview: SwapPreview): bigint | undefined {
  if (preview.quote.fromAmount > 0n) return preview.quote.fromAmount
  try {
    return parseUnitsExact(preview.amountText, preview.from.decimals)
  } catch {
    return undefined
  }
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>)
}
