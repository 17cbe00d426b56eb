import type { ServiceIdentifier } from 'inversify'
import type { CaipNetworkId, GasPrice, SwapQuote, SwapToken } from '../../domain/entities'
import type { RequestOptions } from './request-options'

/**
 * Swaps through the blockchain service (failures, options: `./request-options`). A network offers
 * swaps when its eip155 chain id is one of the deployment's swap chains (spec section 9).
 */
export interface SwapApi {
  /** Usd prices of tokens (POST /v1/fungible/price). MUST resolve [] without a request for no addresses. */
  getTokenPrices(addresses: readonly string[], options?: RequestOptions): Promise<FungiblePrice[]>

  /**
   * Tokens that can be swapped on a network (GET /v1/convert/tokens?chainId=).
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   */
  getSwapTokens(chainId: CaipNetworkId, options?: RequestOptions): Promise<SwapToken[]>

  /**
   * Swap tokens of a network that answer `query` (GET /v1/convert/search?chainId=&q=). MUST answer
   * only tokens `getSwapTokens` lists for `chainId`: for an address (plain 0x or CAIP-10 of that
   * network) exactly that token or none; for other text, those whose symbol, name or a word of the
   * name starts with it (case-insensitively); for an empty text, the popular ones. Popular tokens
   * (`popular: true`) come first; at most TOKEN_SEARCH_MAX_RESULTS (src/wire/chain-data.ts).
   * MUST resolve [] without a request for a text longer than TOKEN_SEARCH_MAX_QUERY.
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   */
  searchSwapTokens(chainId: CaipNetworkId, query: string, options?: RequestOptions): Promise<SwapTokenMatch[]>

  /**
   * Swap quotes (GET /v1/convert/quotes), amounts in base units. The network is read from `from`.
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   * @throws SwapInsufficientLiquidityError when the service says no pool can fill the trade.
   */
  getSwapQuotes(params: SwapQuoteParams, options?: RequestOptions): Promise<SwapQuote[]>

  /**
   * The allowance (base units) the swap router has on the user's token (GET /v1/convert/allowance).
   * The network is read from `tokenAddress`.
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   */
  getSwapAllowance(params: SwapAllowanceParams, options?: RequestOptions): Promise<string>

  /**
   * Gas prices in wei (GET /v1/convert/gas-price?chainId=).
   * @throws GasPriceNetworkNotSupportedError before any request on an unsupported network.
   */
  getGasPrice(chainId: CaipNetworkId, options?: RequestOptions): Promise<GasPrice>

  /**
   * The swap transaction (POST /v1/convert/build-transaction). The network is read from `from`;
   * slippage defaults to the spec's tolerance of 1.
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   * @throws SwapInsufficientLiquidityError when the service says no pool can fill the trade.
   */
  buildSwapTransaction(params: BuildSwapParams, options?: RequestOptions): Promise<SwapTransaction>

  /**
   * The approval transaction for a swap (GET /v1/convert/build-approve). The network is read from `from`.
   * With `amount` the approval is for exactly that many base units, else unlimited.
   * @throws SwapNetworkNotSupportedError before any request on an unsupported network.
   */
  buildApproveTransaction(params: BuildApproveParams, options?: RequestOptions): Promise<ApproveTransaction>
}
export const SwapApi = Symbol('SwapApi') as ServiceIdentifier<SwapApi>

export interface FungiblePrice {
  name: string
  symbol: string
  iconUrl: string
  price: number
  /** CAIP-10 token address. */
  address: string
}

/** A swap token a search found; popular ones are the network's most traded, offered first. */
export interface SwapTokenMatch extends SwapToken {
  readonly popular: boolean
}

export interface SwapQuoteParams {
  /** Base units. */
  readonly amount: string
  readonly userAddress: string
  /** CAIP-10 token addresses. */
  readonly from: string
  readonly to: string
  /** Wei. */
  readonly gasPrice: string
}

export interface SwapAllowanceParams {
  /** CAIP-10 token address. */
  readonly tokenAddress: string
  readonly userAddress: string
}

export interface BuildSwapParams {
  /** Base units. */
  readonly amount: string
  /** CAIP-10 token addresses. */
  readonly from: string
  readonly to: string
  readonly userAddress: string
  /** Percent; defaults to 1 (spec section 9). */
  readonly slippage?: number
  readonly disableEstimate?: boolean
}

export interface BuildApproveParams {
  readonly userAddress: string
  /** CAIP-10 token addresses. */
  readonly from: string
  readonly to: string
  /** Base units to approve exactly (an extension of the spec's call); omitted: unlimited. */
  readonly amount?: string
}

export interface Eip155Gas {
  gas: string
  gasPrice: string
}

export interface SwapTransaction {
  from: string
  to: string
  data: string
  /** Base units. */
  amount: string
  eip155: Eip155Gas
}

export interface ApproveTransaction {
  from: string
  to: string
  data: string
  /** Wei. */
  value: string
  eip155: Eip155Gas
}
