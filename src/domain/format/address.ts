import { ELLIPSIS } from './glyphs'

/** Addresses this long or shorter are shown whole: shortening them would hide nothing. */
const SHORT_ADDRESS_MAX_LENGTH = 12

/**
 * "0xf39F…2266": the first 6 and last 4 characters of an address, for a button or a row where
 * the whole address does not fit. The ellipsis is made at run time (see `glyphs.ts`): this runs in
 * the host page's initial JS (the React ConnectButton).
 */
export function shortAddress(address: string): string {
  if (address.length <= SHORT_ADDRESS_MAX_LENGTH) return address
  // bech32 ("cosmos1…", "bcrt1…"): the prefix is the same for every account of a chain, so the
  // first characters shown are those after it.
  const bech32 = /^[a-z]{1,20}1(?=[02-9ac-hj-np-z]{12,}$)/.exec(address)
  const head = bech32 === null ? 6 : bech32[0].length + 4
  return `${address.slice(0, head)}${ELLIPSIS}${address.slice(-4)}`
}
