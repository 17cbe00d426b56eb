/**
 * The chain-data port: the calls of spec section 7 whose answers come from chains (balances, prices,
 * history, swap quotes and transactions, on-ramp, smart sessions). The server owns the routes and
 * their guard; a source answers each operation. No answer is marked cacheable for the browser: the
 * modal keeps its own caches (spec section 9), which `forceUpdate` bypasses and an HTTP cache would not. Until the server reads real chains, the
 * only source is the devnet's bookkeeping (devnet/src/service/chain-data.ts); a server without a
 * source for an operation says so with 501.
 */
import type { IncomingHttpHeaders } from 'node:http'
import { z } from 'zod'
import * as wire from './wire.js'

/** A POST that names its project in its body has nothing in its query. */
const EMPTY_QUERY = z.object({})

/** How a route knows its project (spec section 7): GETs carry projectId, st and sv; POSTs differ. */
export type ApiGuard = true | 'project' | 'body'

type Schema = z.core.$ZodType

export interface ChainDataOperationSpec {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly summary: string
  /** `true`: projectId, st and sv in the query; `project`: projectId in the query; `body`: in the body. */
  readonly guard: ApiGuard
  /** The wire contract's schemas (src/wire) of the call: its query, its body and its answer. */
  readonly query: z.core.$ZodObject
  readonly body?: Schema
  readonly answer: Schema
}

/** Every chain-data call the modal makes, by operation. */
export const CHAIN_DATA_OPERATIONS = {
  supportedChains: { method: 'GET', path: '/v1/supported-chains', summary: 'The chains the service answers for', guard: true, query: wire.sdkQuerySchema, answer: wire.supportedChainsSchema },
  balance: { method: 'GET', path: '/v1/account/:address/balance', summary: "An account's token balances with fiat values", guard: true, query: wire.balanceQuerySchema, answer: wire.balancesSchema },
  history: { method: 'GET', path: '/v1/account/:address/history', summary: "An account's transactions, a page at a time", guard: true, query: wire.historyQuerySchema, answer: wire.transactionPageSchema },
  prices: { method: 'POST', path: '/v1/fungible/price', summary: 'Prices of tokens', guard: 'body', query: EMPTY_QUERY, body: wire.pricesBodySchema, answer: wire.fungiblesSchema },
  fiatRates: { method: 'GET', path: '/v1/fiat/rates', summary: 'Display currencies: how many units of each one unit of base buys', guard: true, query: wire.fiatRatesQuerySchema, answer: wire.fiatRatesSchema },
  swapTokens: { method: 'GET', path: '/v1/convert/tokens', summary: 'The tokens a chain swaps', guard: true, query: wire.chainQuerySchema, answer: wire.swapTokensSchema },
  searchTokens: { method: 'GET', path: '/v1/convert/search', summary: 'Swap tokens matching a name, a symbol or an address', guard: true, query: wire.tokenSearchQuerySchema, answer: wire.tokenSearchSchema },
  swapQuotes: { method: 'GET', path: '/v1/convert/quotes', summary: 'A swap quote', guard: true, query: wire.swapQuotesQuerySchema, answer: wire.swapQuotesSchema },
  swapAllowance: { method: 'GET', path: '/v1/convert/allowance', summary: "A token's allowance for the swap router", guard: true, query: wire.swapAllowanceQuerySchema, answer: wire.allowanceSchema },
  gasPrice: { method: 'GET', path: '/v1/convert/gas-price', summary: "A chain's gas prices", guard: true, query: wire.chainQuerySchema, answer: wire.gasPriceSchema },
  buildApprove: { method: 'GET', path: '/v1/convert/build-approve', summary: 'The approval a swap needs, as a transaction', guard: true, query: wire.buildApproveQuerySchema, answer: wire.approveTransactionSchema },
  buildTransaction: { method: 'POST', path: '/v1/convert/build-transaction', summary: 'A swap as a transaction', guard: 'body', query: EMPTY_QUERY, body: wire.buildTransactionBodySchema, answer: wire.swapTransactionSchema },
  onRampOptions: { method: 'GET', path: '/v1/onramp/options', summary: 'What can be bought, paid how', guard: true, query: wire.sdkQuerySchema, answer: wire.onRampOptionsSchema },
  onRampQuote: { method: 'POST', path: '/v1/onramp/quote', summary: 'A purchase quote', guard: 'project', query: wire.projectQuerySchema, body: wire.onRampQuoteBodySchema, answer: wire.quoteSchema },
  onRampUrl: { method: 'POST', path: '/v1/generators/onrampurl', summary: "A provider's checkout for a purchase", guard: 'project', query: wire.projectQuerySchema, body: wire.onRampUrlBodySchema, answer: wire.onRampUrlSchema },
  sessions: { method: 'GET', path: '/v1/sessions/:address', summary: "An account's smart sessions", guard: true, query: wire.sessionsQuerySchema, answer: wire.smartSessionsSchema },
  revokeSession: {
    method: 'POST',
    path: '/v1/sessions/:address/revoke',
    summary: 'A smart session removed on chain, confirmed',
    guard: 'project',
    query: wire.projectQuerySchema,
    body: wire.revokeSessionBodySchema,
    answer: wire.revokedSchema,
  },
} as const satisfies Record<string, ChainDataOperationSpec>

export type ChainDataOperation = keyof typeof CHAIN_DATA_OPERATIONS

export interface ChainDataRequest {
  readonly params: Readonly<Record<string, string>>
  readonly query: URLSearchParams
  /** The parsed JSON body (undefined for a GET). */
  readonly body: unknown
  readonly headers: IncomingHttpHeaders
  /** This server's own origin, as the caller reached it (for links in answers). */
  readonly baseUrl: string
}

export interface ChainDataAnswer {
  readonly status?: number
  readonly json: unknown
}

export type ChainDataHandler = (request: ChainDataRequest) => Promise<ChainDataAnswer> | ChainDataAnswer

/** A source of chain data: any operation it leaves out answers 501. */
export type ChainDataPort = Partial<Record<ChainDataOperation, ChainDataHandler>>

/** What a source throws for a request it refuses: the status (4xx) and the body the caller reads. */
export class ChainDataError extends Error {
  override readonly name: string = 'ChainDataError'
  readonly code: string = 'CHAIN_DATA_REFUSED'
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = { message },
  ) {
    super(message)
  }
}
