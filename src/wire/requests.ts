/**
 * What the modal sends: every call's query and body (spec section 7, docs/service-api.md), and the
 * error shape of every refusal. walletgate-server validates each request with these; the modal
 * imports them as types only (its requests are built by its adapters, checked by the compiler), so
 * none of this is in the modal's bytes. A query's values are text, as a URL carries them.
 */
import { z } from 'zod/mini'
import { signInMessageDataSchema } from './sign-in.js'
import { TOKEN_SEARCH_MAX_QUERY } from './chain-data.js'

/** Every refusal: a 4xx or 5xx says why in one sentence. */
export const errorSchema = z.object({ message: z.string() })

/** An analytics event taken (the modal does not read it). */
export const acceptedSchema = z.object({ accepted: z.literal(true) })

/** What every GET of the modal carries (spec section 7). */
export const sdkQuerySchema = z.object({
  projectId: z.string().check(z.minLength(1)),
  st: z.string().check(z.minLength(1)),
  sv: z.string().check(z.minLength(1)),
  clientId: z.optional(z.string()),
})
/** A POST that names its project in the query. */
export const projectQuerySchema = z.object({ projectId: z.string().check(z.minLength(1)) })
/** A site route: no sdk query; a project only when the caller wants its guard. */
export const siteQuerySchema = z.object({ projectId: z.optional(z.string().check(z.minLength(1))) })

const digits = z.string().check(z.regex(/^\d+$/))

export const walletsQuerySchema = z.extend(sdkQuerySchema, {
  page: z.optional(digits),
  entries: z.optional(digits),
  search: z.optional(z.string()),
  include: z.optional(z.string()),
  exclude: z.optional(z.string()),
})
export const nameQuerySchema = z.extend(sdkQuerySchema, { apiVersion: z.optional(z.string()) })
export const reverseNameQuerySchema = z.extend(nameQuerySchema, { sender: z.optional(z.string()) })
export const identityQuerySchema = z.extend(sdkQuerySchema, { sender: z.optional(z.string()) })
export const nameSuggestionsQuerySchema = z.extend(sdkQuerySchema, { zone: z.optional(z.string()) })
export const balanceQuerySchema = z.extend(sdkQuerySchema, {
  currency: z.optional(z.string()),
  chainId: z.optional(z.string()),
  forceUpdate: z.optional(z.enum(['true', 'false'])),
})
/** Rates against `base`, an ISO 4217 code in capitals (USD when absent); anything else is refused before a source reads it. */
export const fiatRatesQuerySchema = z.extend(sdkQuerySchema, {
  base: z.optional(z.string().check(z.regex(/^[A-Z]{3}$/))),
})
/**
 * A history's token filter, one of: `native` (the chain's own coin); a token contract as the chain
 * writes it (an eip155 `0x` address of 40 hex digits, or a Solana mint in base58, 32 to 44
 * characters); or a CAIP-19 asset id of one (`eip155:1/erc20:0x...`, `eip155:1/erc721:0x...`,
 * `eip155:1/slip44:60` for the native coin, `solana:<ref>/token:<mint>`, `solana:<ref>/slip44:501`).
 * At most 100 characters; nothing else, so no text of a caller's reaches a query or a pattern.
 */
export const HISTORY_TOKEN_PATTERN =
  /^(?:native|0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44}|[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}\/(?:(?:erc20|erc721):0x[0-9a-fA-F]{40}|slip44:\d{1,10}|token:[1-9A-HJ-NP-Za-km-z]{32,44}))$/
export const historyQuerySchema = z.extend(sdkQuerySchema, {
  cursor: z.optional(z.string()),
  onramp: z.optional(z.string()),
  chainId: z.optional(z.string()),
  /** Only the transactions that moved this token (HISTORY_TOKEN_PATTERN); a cursor is good only with the filter it came with. */
  token: z.optional(z.string().check(z.maxLength(100), z.regex(HISTORY_TOKEN_PATTERN))),
})
export const chainQuerySchema = z.extend(sdkQuerySchema, { chainId: z.string().check(z.minLength(1)) })
/** A CAIP-2 chain id: a namespace and a reference (CAIP-2's own bounds). */
const caip2 = z.string().check(z.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/))
/** A token search: a name or symbol prefix, or an address (plain or CAIP-10); empty or absent, the popular tokens. */
export const tokenSearchQuerySchema = z.extend(sdkQuerySchema, {
  chainId: caip2,
  q: z.optional(z.string().check(z.maxLength(TOKEN_SEARCH_MAX_QUERY))),
})
export const sessionsQuerySchema = z.extend(sdkQuerySchema, { chainId: z.optional(z.string()) })
export const swapQuotesQuerySchema = z.extend(sdkQuerySchema, {
  amount: digits,
  userAddress: z.string().check(z.minLength(1)),
  from: z.string().check(z.minLength(1)),
  to: z.string().check(z.minLength(1)),
  gasPrice: z.optional(z.string()),
})
export const swapAllowanceQuerySchema = z.extend(sdkQuerySchema, {
  tokenAddress: z.string().check(z.minLength(1)),
  userAddress: z.string().check(z.minLength(1)),
})
export const buildApproveQuerySchema = z.extend(sdkQuerySchema, {
  userAddress: z.string().check(z.minLength(1)),
  from: z.string().check(z.minLength(1)),
  to: z.string().check(z.minLength(1)),
  amount: z.optional(digits),
})

export const pricesBodySchema = z.object({
  currency: z.string(),
  addresses: z.array(z.string()),
  projectId: z.string().check(z.minLength(1)),
})
export const buildTransactionBodySchema = z.object({
  amount: digits,
  eip155: z.object({ slippage: z.union([z.number(), z.string()]) }),
  projectId: z.string().check(z.minLength(1)),
  from: z.string().check(z.minLength(1)),
  to: z.string().check(z.minLength(1)),
  userAddress: z.string().check(z.minLength(1)),
  disableEstimate: z.optional(z.boolean()),
})
export const onRampUrlBodySchema = z.object({
  destinationWallets: z.array(z.object({ address: z.string(), blockchains: z.array(z.string()), assets: z.optional(z.array(z.string())) })),
  defaultNetwork: z.optional(z.string()),
  partnerUserId: z.string(),
  defaultExperience: z.optional(z.string()),
  presetCryptoAmount: z.optional(z.number()),
  presetFiatAmount: z.optional(z.number()),
  fiatCurrency: z.optional(z.string()),
  provider: z.optional(z.string()),
})
export const onRampQuoteBodySchema = z.object({
  purchaseCurrency: z.string(),
  paymentCurrency: z.string(),
  amount: z.string(),
  network: z.optional(z.string()),
})
export const revokeSessionBodySchema = z.object({ pci: z.string().check(z.minLength(1)), signature: z.string().check(z.minLength(1)) })
export const nameRegistrationBodySchema = z.object({
  coin_type: z.union([z.number().check(z.int(), z.nonnegative()), z.string()]),
  address: z.string(),
  message: z.string(),
  signature: z.string(),
})
export const authenticateBodySchema = z.object({
  message: z.string().check(z.minLength(1)),
  signature: z.string().check(z.minLength(1)),
  caipNetworkId: z.string().check(z.minLength(1)),
  // Any CAIP-2 network: a host's own family signs in too, where the server offers its chains.
  data: z.optional(z.extend(signInMessageDataSchema, { chainId: z.string().check(z.minLength(1)) })),
})
export const analyticsEventBodySchema = z.strictObject({
  eventId: z.string().check(z.minLength(1), z.maxLength(100)),
  url: z.string().check(z.maxLength(2_048)),
  domain: z.string().check(z.maxLength(255)),
  // At most 9999-12-31T23:59:59.999Z, where PostgreSQL's timestamps and JavaScript's dates agree.
  timestamp: z.number().check(z.int(), z.nonnegative(), z.lte(253_402_300_799_999)),
  props: z.record(z.string(), z.unknown()),
})

type DeepReadonly<T> = T extends readonly (infer Item)[] ? readonly DeepReadonly<Item>[] : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T
/** What a request's body holds, as the modal builds it (its arrays may be readonly). */
export type WireInput<Schema extends z.ZodMiniType> = DeepReadonly<z.input<Schema>>
/** A GET's own query, as the modal's adapter builds it: its http client adds the sdk's part (and leaves out an absent value). */
export type OwnQuery<Schema extends z.ZodMiniType> = Omit<WireInput<Schema>, 'projectId' | 'st' | 'sv' | 'clientId'>
