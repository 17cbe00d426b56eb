/**
 * Text from wallets and the catalogue is untrusted: a 5 MB wallet name or error message must not
 * reach the screen or the analytics service whole. Bounds count code points (a cut never splits an
 * emoji's surrogate pair) and are Walletgate's own numbers.
 */
import { ELLIPSIS } from '../format/glyphs'

/** Wallet names (announced, catalogue, WalletConnect peer): longer ones are cut. */
export const MAX_WALLET_NAME_LENGTH = 64

/** A wallet's or chain's own words in an error, on screen and in analytics: longer ones end in "…". */
export const MAX_WALLET_MESSAGE_LENGTH = 300

/** The name trimmed and cut to {@link MAX_WALLET_NAME_LENGTH} code points. */
export function boundWalletName(name: string): string {
  return cut(name.trim(), MAX_WALLET_NAME_LENGTH)
}

/** The message trimmed and, when longer than {@link MAX_WALLET_MESSAGE_LENGTH} code points, cut to end in "…". */
export function boundMessage(message: string): string {
  const trimmed = message.trim()
  const head = cut(trimmed, MAX_WALLET_MESSAGE_LENGTH)
  return head === trimmed ? trimmed : `${cut(head, MAX_WALLET_MESSAGE_LENGTH - 1).trimEnd()}${ELLIPSIS}`
}

/** The first `max` code points; only a slice of the string is ever spread (a 5 MB text costs nothing). */
function cut(text: string, max: number): string {
  if (text.length <= max) return text
  return Array.from(text.slice(0, max * 2)).slice(0, max).join('')
}
