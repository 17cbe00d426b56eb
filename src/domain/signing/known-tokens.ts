/**
 * The words a decoded request uses for tokens, amounts and times: amounts in a token's own units
 * where the caller knows the token (a small table it passes in), raw base units where it does not,
 * "unlimited" for the largest value a field can hold, dates for deadlines.
 */
import { formatUnitsExact } from '../format/amount'
import { shortAddress } from '../format/address'

/** A fungible token (ERC-20) whose units the caller knows. */
export interface KnownFungible {
  readonly kind: 'fungible'
  /** 0x address of the contract (any case). */
  readonly address: string
  readonly symbol: string
  readonly decimals: number
}

/** An NFT collection (ERC-721 / ERC-1155) the caller knows by name. */
export interface KnownCollection {
  readonly kind: 'collection'
  readonly address: string
  readonly name: string
}

export type KnownToken = KnownFungible | KnownCollection

/** A token contract a request names, with what the caller knows of it (undefined: an unknown token). */
export interface TokenRef {
  readonly address: string
  readonly known: KnownToken | undefined
}

/** An amount of a token in base units; `unlimited` when it is the largest value its field can hold. */
export interface TokenAmount {
  readonly raw: bigint
  readonly unlimited: boolean
}

export const MAX_UINT256 = (1n << 256n) - 1n
/** Permit2 keeps allowances as uint160: its "unlimited". */
export const MAX_UINT160 = (1n << 160n) - 1n
/** Permit2 keeps expirations and nonces as uint48. */
export const MAX_UINT48 = (1n << 48n) - 1n

/** The largest value an unsigned integer field of this many bits holds. */
export function maxUint(bits: number): bigint {
  return (1n << BigInt(bits)) - 1n
}

/** The token at `address` in the caller's table (addresses compared without case). */
export function tokenRef(address: string, tokens: readonly KnownToken[]): TokenRef {
  const lower = address.toLowerCase()
  return { address, known: tokens.find((t) => t.address.toLowerCase() === lower) }
}

export function tokenAmount(raw: bigint, bits = 256): TokenAmount {
  return { raw, unlimited: raw === maxUint(bits) }
}

/** "12.5 dUSD", "an unlimited amount of dUSD", "1000 raw units of an unknown token (0xabcd…1234)". */
export function amountWords(amount: TokenAmount, token: TokenRef): string {
  const known = token.known
  if (known?.kind === 'fungible') {
    return amount.unlimited ? `an unlimited amount of ${known.symbol}` : `${formatUnitsExact(amount.raw, known.decimals)} ${known.symbol}`
  }
  const of = known?.kind === 'collection' ? `of ${known.name} (not a fungible token)` : `of an unknown token (${shortAddress(token.address)})`
  return amount.unlimited ? `an unlimited amount ${of}` : `${amount.raw.toString()} raw units ${of}`
}

/** The amount alone, for a labelled field: "12.5 dUSD", "unlimited: all your dUSD, now and later", "1000 raw units (unknown token: its decimals are not known)". */
export function amountValue(amount: TokenAmount, token: TokenRef): string {
  const known = token.known
  if (amount.unlimited) return `unlimited: all your ${known?.kind === 'fungible' ? known.symbol : 'units of this token'}, now and later`
  if (known?.kind === 'fungible') return `${formatUnitsExact(amount.raw, known.decimals)} ${known.symbol}`
  return `${amount.raw.toString()} raw units (${known === undefined ? 'unknown token: its decimals are not known' : 'not a fungible token'})`
}

/** A token for a field: "dUSD (0x…full address)", or the address and "unknown token". */
export function tokenValue(token: TokenRef): string {
  const known = token.known
  if (known === undefined) return `${token.address} (unknown token)`
  return `${known.kind === 'fungible' ? known.symbol : known.name} (${token.address})`
}

/** A token's name in a sentence: "dUSD", "Devnet Pixels", "an unknown token (0xabcd…1234)". */
export function tokenWords(token: TokenRef): string {
  const known = token.known
  if (known === undefined) return `an unknown token (${shortAddress(token.address)})`
  return known.kind === 'fungible' ? known.symbol : known.name
}

/** The latest second a JavaScript date can show (year 275760). */
const LAST_DATE_SECONDS = 8_640_000_000_000n

/**
 * A deadline or expiry in seconds since 1970 as a date ("2030-03-17 17:46:40 UTC"); "never" for
 * the largest value its field holds (or past any date), "`zero`" for 0 where the field gives 0 a
 * meaning of its own.
 */
export function timeValue(seconds: bigint, bits: number, zero?: string): string {
  if (seconds === 0n && zero !== undefined) return zero
  if (seconds === maxUint(bits) || seconds > LAST_DATE_SECONDS) return `never (${seconds.toString()})`
  const iso = new Date(Number(seconds) * 1000).toISOString()
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`
}
