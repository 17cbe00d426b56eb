/**
 * The send form's amount: what a person typed or pasted, read in a token's base units. Spaces,
 * a comma decimal and thousands groups are accepted (see normalizeAmountInput); more decimals
 * than the token has are refused, never rounded; nothing (zero) is refused because it would
 * still cost a network fee.
 */
import { fiatValue, normalizeAmountInput, parseAmountInput } from '../format/amount'
import type { SendFormError } from './send-errors'

export type SendAmount =
  | { readonly ok: true; readonly value: bigint; readonly normalized: string }
  | { readonly ok: false; readonly error: SendFormError }

export function parseSendAmount(text: string, decimals: number): SendAmount {
  const normalized = normalizeAmountInput(text)
  if (normalized === undefined) return { ok: false, error: { kind: 'invalidAmount' } }
  const fraction = (normalized.split('.')[1] ?? '').replace(/0+$/, '')
  if (fraction.length > decimals) return { ok: false, error: { kind: 'tooManyDecimals', decimals } }
  const parsed = parseAmountInput(normalized, decimals)
  if (!parsed.ok) return { ok: false, error: { kind: 'invalidAmount' } }
  if (parsed.value <= 0n) return { ok: false, error: { kind: 'amountNotPositive' } }
  return parsed
}

/** The fiat value (2 decimals) of a typed amount at `price`, when there is one to show. */
export function typedAmountFiat(text: string, decimals: number, price: number): string | undefined {
  if (price <= 0 || text.trim() === '') return undefined
  const parsed = parseAmountInput(text, decimals)
  return parsed.ok ? fiatValue(parsed.value, decimals, price) : undefined
}
