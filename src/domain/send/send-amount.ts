/**
 * The send form's amount: what a person typed or pasted, read in a token's base units by the
 * locale's rules (src/domain/format/locale-number.ts: "1,000" is 1000 in en-US and 1 in de-DE,
 * and separators that fit no single reading are refused, never guessed). More decimals than the
 * token has are refused, never rounded; nothing (zero) is refused because it would still cost a
 * network fee.
 */
import { fiatValue, parseUnitsExact } from '../format/amount'
import { readAmountText } from '../format/locale-number'
import type { SendFormError } from './send-errors'

export type SendAmount =
  | { readonly ok: true; readonly value: bigint; readonly normalized: string }
  | { readonly ok: false; readonly error: SendFormError }

export function parseSendAmount(text: string, decimals: number, locale: string): SendAmount {
  const read = readAmountText(text, locale)
  if (!read.ok) return { ok: false, error: read.reason === 'unclear' ? { kind: 'unclearAmount', locale } : { kind: 'invalidAmount' } }
  const { normalized } = read
  const fraction = (normalized.split('.')[1] ?? '').replace(/0+$/, '')
  if (fraction.length > decimals) return { ok: false, error: { kind: 'tooManyDecimals', decimals } }
  const value = parseUnitsExact(normalized, decimals)
  if (value <= 0n) return { ok: false, error: { kind: 'amountNotPositive' } }
  return { ok: true, value, normalized }
}

/**
 * The fiat value (2 decimals) of a typed amount (read in `locale`) at `price`, when there is one to
 * show: in `writeIn`'s writing (the reading locale's by default), or plain ("1000.50") with
 * `writeIn` null, for a value that is converted and written later (the display currency).
 */
export function typedAmountFiat(text: string, decimals: number, price: number, locale: string, writeIn: string | null = locale): string | undefined {
  if (price <= 0 || text.trim() === '') return undefined
  const parsed = parseSendAmount(text, decimals, locale)
  return parsed.ok ? fiatValue(parsed.value, decimals, price, writeIn ?? undefined) : undefined
}
