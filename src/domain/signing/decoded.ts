/**
 * What a decoder hands a confirmation dialog or a preview: one sentence saying what the request
 * does, then labelled fields, each value exact (full addresses, amounts in the token's units).
 */

/** One labelled value; `warning` marks what deserves a second look before approving. */
export interface DecodedField {
  readonly label: string
  readonly value: string
  readonly warning?: true
}

export interface Decoded<A> {
  /** What the request does, in the visitor's words: "Allow 0xabcd…1234 to spend an unlimited amount of dUSD". */
  readonly summary: string
  /** The request's parts, in order. */
  readonly fields: readonly DecodedField[]
  /** Some part deserves a second look: an unlimited allowance, every NFT of a collection, a call nobody can read. */
  readonly warning: boolean
  /** The same, as data, for callers that draw their own words. */
  readonly action: A
}

export function field(label: string, value: string, warning = false): DecodedField {
  return warning ? { label, value, warning: true } : { label, value }
}
