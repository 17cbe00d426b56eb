/**
 * The answers of the chain-data calls (spec section 7, docs/service-api.md): supported chains,
 * balances, history, prices, swap, on-ramp. The modal's adapters parse them; walletgate-server checks
 * its answers against them and documents them in /openapi.json.
 */
import { z } from 'zod/mini'
import { caipNetworkIdSchema } from './ids.js'
import { withoutZodJit } from './jit.js'

// Each built with zod's JIT off (a strict CSP reports its probe), the host's setting restored after;
// pure, so a chunk keeps only the answers its adapters parse.
const decimalString = z.string().check(z.regex(/^-?\d+(\.\d+)?$/))
const integerString = z.string().check(z.regex(/^\d+$/))
export const supportedChainsSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ http: z.array(caipNetworkIdSchema), ws: z.array(caipNetworkIdSchema) }))
export const tokenBalanceSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    name: z.string(),
    symbol: z.string(),
    chainId: z.string(),
    address: z.optional(z.string()),
    value: z.number(),
    price: z.number(),
    quantity: z.object({ decimals: integerString, numeric: decimalString }),
    iconUrl: z.string(),
  }),
)
export const balancesSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ balances: z.array(tokenBalanceSchema) }))
export const transactionTransferSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    fungible_info: z.optional(z.object({ name: z.string(), symbol: z.string(), icon: z.object({ url: z.string() }) })),
    nft_info: z.optional(
      z.object({
        name: z.string(),
        content: z.object({ preview: z.object({ url: z.string() }) }),
        flags: z.object({ is_spam: z.boolean() }),
      }),
    ),
    direction: z.enum(['in', 'out', 'self']),
    quantity: z.object({ numeric: decimalString }),
    value: z.optional(z.number()),
    price: z.optional(z.number()),
    sender: z.optional(z.string()),
    recipient: z.optional(z.string()),
  }),
)
export const transactionSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    id: z.string().check(z.minLength(1)),
    metadata: z.object({
      operationType: z.enum(['send', 'receive', 'mint', 'execute']),
      hash: z.string(),
      minedAt: z.string(),
      sentFrom: z.string(),
      sentTo: z.string(),
      status: z.enum(['confirmed', 'failed', 'pending']),
      nonce: z.number().check(z.int()),
      chain: z.string(),
    }),
    transfers: z.array(transactionTransferSchema),
  }),
)
export const transactionPageSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ data: z.array(transactionSchema), next: z.nullable(z.string()) }))
export const fungiblesSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    fungibles: z.array(z.object({ name: z.string(), symbol: z.string(), iconUrl: z.string(), price: z.number(), address: z.string() })),
  }),
)
/**
 * Display currencies' exchange rates: how many units of each currency (ISO 4217 code) one unit of
 * `base` buys, and when the source read them (ISO 8601). A currency the source does not price is
 * absent. The modal still checks each rate before it shows a converted value.
 */
export const fiatRatesSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    base: z.string().check(z.regex(/^[A-Z]{3}$/)),
    rates: z.record(z.string().check(z.regex(/^[A-Z]{3}$/)), z.number()),
    at: z.string(),
  }),
)
export const swapTokenSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    name: z.string(),
    symbol: z.string(),
    address: z.string(),
    decimals: z.number().check(z.int(), z.gte(0)),
    logoUri: z.string(),
  }),
)
export const swapTokensSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ tokens: z.array(swapTokenSchema) }))
/** A token search answers at most this many tokens. */
export const TOKEN_SEARCH_MAX_RESULTS = 20
/** A token search's text is at most this long (a CAIP-10 address is well under it). */
export const TOKEN_SEARCH_MAX_QUERY = 100
/** A swap token found by a search; `popular` ones (the chain's most traded) come first. */
export const tokenMatchSchema = /* @__PURE__ */ withoutZodJit(() => z.extend(swapTokenSchema, { popular: z.boolean() }))
export const tokenSearchSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ tokens: z.array(tokenMatchSchema).check(z.maxLength(TOKEN_SEARCH_MAX_RESULTS)) }))
export const swapQuoteSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ fromAmount: integerString, fromAccount: z.string(), toAmount: integerString, toAccount: z.string() }))
export const swapQuotesSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ quotes: z.array(swapQuoteSchema) }))
export const allowanceSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ allowance: integerString }))
export const gasPriceSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ standard: integerString, fast: integerString, instant: integerString }))
const eip155GasSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ gas: z.string(), gasPrice: z.string() }))
const transaction = <Amount extends Record<string, z.ZodMiniString>>(amount: Amount) =>
  z.object({ tx: z.object({ from: z.string(), to: z.string(), data: z.string(), ...amount, eip155: eip155GasSchema }) })
export const swapTransactionSchema = /* @__PURE__ */ withoutZodJit(() => transaction({ amount: z.string() }))
export const approveTransactionSchema = /* @__PURE__ */ withoutZodJit(() => transaction({ value: z.string() }))
export const purchaseCurrencySchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    symbol: z.string(),
    networks: z.array(z.object({ name: z.string(), display_name: z.string(), chain_id: z.string(), contract_address: z.string() })),
  }),
)
export const paymentCurrencySchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    id: z.string(),
    payment_method_limits: z.array(z.object({ id: z.string(), min: z.string(), max: z.string() })),
  }),
)
export const onRampOptionsSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ paymentCurrencies: z.array(paymentCurrencySchema), purchaseCurrencies: z.array(purchaseCurrencySchema) }))
const moneySchema = /* @__PURE__ */ withoutZodJit(() => z.object({ amount: z.string(), currency: z.string() }))
export const quoteSchema = /* @__PURE__ */ withoutZodJit(() =>
  z.object({
    coinbaseFee: moneySchema,
    networkFee: moneySchema,
    paymentSubtotal: moneySchema,
    paymentTotal: moneySchema,
    purchaseAmount: moneySchema,
    quoteId: z.string(),
  }),
)
export const onRampUrlSchema = /* @__PURE__ */ withoutZodJit(() => z.object({ url: z.string().check(z.minLength(1)) }))
