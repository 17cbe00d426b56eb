import { SWAP_SLIPPAGE_TOLERANCE } from '../../../domain/constants'
import type { CaipNetworkId, GasPrice, SwapQuote, SwapToken } from '../../../domain/entities'
import { SWAP_SUPPORTED_CHAIN_IDS } from '../../../domain/feature-constants'
import { assertGasPriceNetwork, assertSwapNetwork } from '../../../domain/network/network-support'
import { INSUFFICIENT_LIQUIDITY_REASON, SwapInsufficientLiquidityError } from '../../../domain/swap/swap-errors'
import type { RequestOptions } from '../../../ports/blockchain/request-options'
import type {
  ApproveTransaction,
  BuildApproveParams,
  BuildSwapParams,
  FungiblePrice,
  SwapAllowanceParams,
  SwapApi,
  SwapQuoteParams,
  SwapTokenMatch,
  SwapTransaction,
} from '../../../ports/blockchain/swap'
import { HttpError } from '../../../ports/http-errors'
import { parseCaip } from '../caip'
import type { FetchHttpClient } from '../fetch-http-client'
import type { buildApproveQuerySchema, buildTransactionBodySchema, chainQuerySchema, pricesBodySchema, swapAllowanceQuerySchema, swapQuotesQuerySchema, tokenSearchQuerySchema, OwnQuery, WireInput } from '../../../wire/requests'
import {
  allowanceSchema,
  approveTransactionSchema,
  fungiblesSchema,
  gasPriceSchema,
  swapQuotesSchema,
  swapTokensSchema,
  swapTransactionSchema,
  TOKEN_SEARCH_MAX_QUERY,
  tokenSearchSchema,
} from '../../../wire/chain-data'

export interface FetchSwapApiOptions {
  /**
   * eip155 chain ids on which swaps and gas price are offered. Defaults to the spec's swap networks
   * (section 9, `SWAP_SUPPORTED_CHAIN_IDS`); a deployment adds its own chains here (the devnet's
   * 31337 and 31338, for example).
   */
  readonly swapChainIds?: readonly number[]
}

/** {@link SwapApi} over the blockchain service's HTTP API (docs/service-api.md). */
export class FetchSwapApi implements SwapApi {
  private readonly swapChainIds: readonly number[]

  constructor(
    private readonly http: FetchHttpClient,
    options: FetchSwapApiOptions = {},
  ) {
    this.swapChainIds = options.swapChainIds ?? SWAP_SUPPORTED_CHAIN_IDS
  }

  async getTokenPrices(addresses: readonly string[], options: RequestOptions = {}): Promise<FungiblePrice[]> {
    if (addresses.length === 0) return []
    const answer = await this.http.post('/v1/fungible/price', fungiblesSchema, {
      body: { currency: 'usd', addresses: [...addresses], projectId: this.http.projectId } satisfies WireInput<typeof pricesBodySchema>,
      signal: options.signal,
    })
    return answer.fungibles
  }

  async getSwapTokens(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<SwapToken[]> {
    this.assertSwapNetwork(chainId)
    const answer = await this.http.get('/v1/convert/tokens', swapTokensSchema, {
      query: { chainId } satisfies OwnQuery<typeof chainQuerySchema>,
      signal: options.signal,
    })
    return answer.tokens
  }

  async searchSwapTokens(chainId: CaipNetworkId, query: string, options: RequestOptions = {}): Promise<SwapTokenMatch[]> {
    this.assertSwapNetwork(chainId)
    const q = query.trim()
    if (q.length > TOKEN_SEARCH_MAX_QUERY) return []
    const answer = await this.http.get('/v1/convert/search', tokenSearchSchema, {
      query: { chainId, q } satisfies OwnQuery<typeof tokenSearchQuerySchema>,
      signal: options.signal,
    })
    return answer.tokens
  }

  async getSwapQuotes(params: SwapQuoteParams, options: RequestOptions = {}): Promise<SwapQuote[]> {
    this.assertSwapNetwork(params.from)
    const answer = await this.http
      .get('/v1/convert/quotes', swapQuotesSchema, {
        query: {
          amount: params.amount,
          userAddress: params.userAddress,
          from: params.from,
          to: params.to,
          gasPrice: params.gasPrice,
        } satisfies OwnQuery<typeof swapQuotesQuerySchema>,
        signal: options.signal,
      })
      .catch(liquidityError)
    return answer.quotes
  }

  async getSwapAllowance(params: SwapAllowanceParams, options: RequestOptions = {}): Promise<string> {
    this.assertSwapNetwork(params.tokenAddress)
    const answer = await this.http.get('/v1/convert/allowance', allowanceSchema, {
      query: { tokenAddress: params.tokenAddress, userAddress: params.userAddress } satisfies OwnQuery<typeof swapAllowanceQuerySchema>,
      signal: options.signal,
    })
    return answer.allowance
  }

  async getGasPrice(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<GasPrice> {
    assertGasPriceNetwork(chainId, this.swapChainIds)
    return this.http.get('/v1/convert/gas-price', gasPriceSchema, {
      query: { chainId } satisfies OwnQuery<typeof chainQuerySchema>,
      signal: options.signal,
    })
  }

  async buildSwapTransaction(params: BuildSwapParams, options: RequestOptions = {}): Promise<SwapTransaction> {
    this.assertSwapNetwork(params.from)
    const answer = await this.http
      .post('/v1/convert/build-transaction', swapTransactionSchema, {
        body: {
          amount: params.amount,
          eip155: { slippage: params.slippage ?? SWAP_SLIPPAGE_TOLERANCE },
          projectId: this.http.projectId,
          from: params.from,
          to: params.to,
          userAddress: params.userAddress,
          disableEstimate: params.disableEstimate ?? false,
        } satisfies WireInput<typeof buildTransactionBodySchema>,
        signal: options.signal,
      })
      .catch(liquidityError)
    return answer.tx
  }

  async buildApproveTransaction(params: BuildApproveParams, options: RequestOptions = {}): Promise<ApproveTransaction> {
    this.assertSwapNetwork(params.from)
    const answer = await this.http.get('/v1/convert/build-approve', approveTransactionSchema, {
      query: { userAddress: params.userAddress, from: params.from, to: params.to, amount: params.amount } satisfies OwnQuery<typeof buildApproveQuerySchema>,
      signal: options.signal,
    })
    return answer.tx
  }

  /** Throws "Network not supported for Swaps" unless the CAIP-2/CAIP-10 id's network offers swaps. */
  private assertSwapNetwork(caip: string): void {
    assertSwapNetwork(parseCaip(caip)?.chainId, this.swapChainIds)
  }
}

/** A 4xx whose reason is the swap service's "insufficient liquidity" becomes its typed error. */
function liquidityError(error: unknown): never {
  if (
    error instanceof HttpError &&
    error.status >= 400 &&
    error.status < 500 &&
    error.serviceMessage?.toLowerCase() === INSUFFICIENT_LIQUIDITY_REASON
  ) {
    throw new SwapInsufficientLiquidityError({ cause: error })
  }
  throw error
}
