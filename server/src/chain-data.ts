/**
 * The chain-data port: the calls of spec section 7 whose answers come from chains (balances, prices,
 * history, swap quotes and transactions, on-ramp, smart sessions). The server owns the routes and
 * their guard; a source answers each operation. No answer is marked cacheable for the browser: the
 * modal keeps its own caches (spec section 9), which `forceUpdate` bypasses and an HTTP cache would not. Until the server reads real chains, the
 * only source is the devnet's bookkeeping (devnet/src/service/chain-data.ts); a server without a
 * source for an operation says so with 501.
 */
import type { IncomingHttpHeaders } from 'node:http'

/** How a route knows its project (spec section 7): GETs carry projectId, st and sv; POSTs differ. */
export type ApiGuard = true | 'project' | 'body'

export interface ChainDataOperationSpec {
  readonly method: 'GET' | 'POST'
  readonly path: string
  readonly summary: string
  /** `true`: projectId, st and sv in the query; `project`: projectId in the query; `body`: in the body. */
  readonly guard: ApiGuard
}

/** Every chain-data call the modal makes, by operation. */
export const CHAIN_DATA_OPERATIONS = {
  supportedChains: { method: 'GET', path: '/v1/supported-chains', summary: 'The chains the service answers for', guard: true },
  balance: { method: 'GET', path: '/v1/account/:address/balance', summary: "An account's token balances with fiat values", guard: true },
  history: { method: 'GET', path: '/v1/account/:address/history', summary: "An account's transactions, a page at a time", guard: true },
  prices: { method: 'POST', path: '/v1/fungible/price', summary: 'Prices of tokens', guard: 'body' },
  swapTokens: { method: 'GET', path: '/v1/convert/tokens', summary: 'The tokens a chain swaps', guard: true },
  swapQuotes: { method: 'GET', path: '/v1/convert/quotes', summary: 'A swap quote', guard: true },
  swapAllowance: { method: 'GET', path: '/v1/convert/allowance', summary: "A token's allowance for the swap router", guard: true },
  gasPrice: { method: 'GET', path: '/v1/convert/gas-price', summary: "A chain's gas prices", guard: true },
  buildApprove: { method: 'GET', path: '/v1/convert/build-approve', summary: 'The approval a swap needs, as a transaction', guard: true },
  buildTransaction: { method: 'POST', path: '/v1/convert/build-transaction', summary: 'A swap as a transaction', guard: 'body' },
  onRampOptions: { method: 'GET', path: '/v1/onramp/options', summary: 'What can be bought, paid how', guard: true },
  onRampQuote: { method: 'POST', path: '/v1/onramp/quote', summary: 'A purchase quote', guard: 'project' },
  onRampUrl: { method: 'POST', path: '/v1/generators/onrampurl', summary: "A provider's checkout for a purchase", guard: 'project' },
  sessions: { method: 'GET', path: '/v1/sessions/:address', summary: "An account's smart sessions", guard: true },
  revokeSession: { method: 'POST', path: '/v1/sessions/:address/revoke', summary: 'A smart session removed on chain, confirmed', guard: 'project' },
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
