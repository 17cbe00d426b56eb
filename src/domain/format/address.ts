import { ELLIPSIS } from './glyphs'

/** Addresses this long or shorter are shown whole: shortening them would hide nothing. */
const SHORT_ADDRESS_MAX_LENGTH = 12

/**
 * "0xf39F…2266": the first 6 and last 4 characters of an address, for a button or a row where
 * the whole address does not fit. The ellipsis is made at run time (see `glyphs.ts`): this runs in
 * the host page's initial JS (the React ConnectButton).
 */
export function shortAddress(address: string): string {
  return address.length <= SHORT_ADDRESS_MAX_LENGTH ? address : `${address.slice(0, 6)}${ELLIPSIS}${address.slice(-4)}`
}
