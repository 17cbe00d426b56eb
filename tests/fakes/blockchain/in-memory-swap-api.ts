import { SWAP_SLIPPAGE_TOLERANCE } from '../../../src/domain/constants'
import type { CaipNetworkId, GasPrice, SwapQuote, SwapToken } from '../../../src/domain/entities'
import { GasPriceNetworkNotSupportedError, SwapNetworkNotSupportedError } from '../../../src/domain/errors'
import { isSwapNetwork } from '../../../src/domain/network/network-support'
import { SwapInsufficientLiquidityError } from '../../../src/domain/swap/swap-errors'
import { TOKEN_SEARCH_MAX_QUERY, TOKEN_SEARCH_MAX_RESULTS } from '../../../src/wire/chain-data'
import type { RequestOptions } from '../../../src/ports/blockchain/request-options'
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
} from '../../../src/ports/blockchain/swap'
import { addressPart, FakeService, parse, supportedChainsOf, type InMemoryBlockchainSeed } from './fake-service'

const MAX_UINT256 = 2n ** 256n - 1n

type Method = keyof SwapApi


/**
 * An in-memory {@link SwapApi}: quotes from the seeded price table, transactions shaped like the
 * service's, and the port's rules on swap networks and liquidity. Passes the same contract suite
 * as `FetchSwapApi`.
 */
export class InMemorySwapApi extends FakeService<Method> implements SwapApi {
  private readonly swapChainIds: readonly number[]
  private readonly allowances = new Map<string, string>()

  constructor(private readonly seed: InMemoryBlockchainSeed = {}) {
    super()
    this.swapChainIds =
      seed.swapChainIds ??
      supportedChainsOf(seed)
        .filter((id) => id.startsWith('eip155:'))
        .map((id) => Number(id.slice('eip155:'.length)))
  }

  /** What the router may spend of `userAddress`'s token (base units), as the chain would say after an approval. */
  setAllowance(tokenAddress: string, userAddress: string, amount: bigint): void {
    this.allowances.set(`${tokenAddress}|${userAddress}`.toLowerCase(), amount.toString())
  }

  getTokenPrices(addresses: readonly string[], options: RequestOptions = {}): Promise<FungiblePrice[]> {
    if (addresses.length === 0) return this.local(options, () => [])
    return this.serve('getTokenPrices', options, () => {
      const wanted = new Set(addresses.map((a) => a.toLowerCase()))
      return (this.seed.prices ?? []).filter((p) => wanted.has(p.address.toLowerCase()))
    })
  }

  async getSwapTokens(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<SwapToken[]> {
    this.assertSwap(chainId)
    return this.serve('getSwapTokens', options, () => [...(this.seed.swapTokens?.[chainId] ?? [])])
  }

  /** Searches the seeded swap tokens; the seed's first `popularCount` (default 5) are popular. */
  async searchSwapTokens(chainId: CaipNetworkId, query: string, options: RequestOptions = {}): Promise<SwapTokenMatch[]> {
    this.assertSwap(chainId)
    const text = query.trim().toLowerCase()
    if (text.length > TOKEN_SEARCH_MAX_QUERY) return this.local(options, () => [])
    return this.serve('searchSwapTokens', options, () => {
      const all = (this.seed.swapTokens?.[chainId] ?? []).map((t, i) => ({ ...t, popular: i < 5 }))
      const address = /^(?:[-a-z0-9]{3,8}:[-_a-z0-9]{1,32}:)?(0x[0-9a-f]{40})$/.exec(text)
      const matches = (t: SwapTokenMatch): boolean => {
        if (text === '') return t.popular
        if (address !== null) return t.address.toLowerCase() === (text.includes(':') ? text : `${chainId.toLowerCase()}:${address[1]}`)
        return [t.symbol, t.name, ...t.name.split(' ')].some((word) => word.toLowerCase().startsWith(text))
      }
      const found = all.filter(matches)
      return [...found.filter((t) => t.popular), ...found.filter((t) => !t.popular)].slice(0, TOKEN_SEARCH_MAX_RESULTS)
    })
  }

  async getSwapQuotes(params: SwapQuoteParams, options: RequestOptions = {}): Promise<SwapQuote[]> {
    this.assertSwap(params.from)
    return this.serve('getSwapQuotes', options, () => {
      const toAmount = this.quote(params)
      if (toAmount === undefined) return []
      return [{ fromAmount: params.amount, fromAccount: params.from, toAmount: toAmount.toString(), toAccount: params.to }]
    })
  }

  async getSwapAllowance(params: SwapAllowanceParams, options: RequestOptions = {}): Promise<string> {
    this.assertSwap(params.tokenAddress)
    return this.serve(
      'getSwapAllowance',
      options,
      () => this.allowances.get(`${params.tokenAddress}|${params.userAddress}`.toLowerCase()) ?? '0',
    )
  }

  async getGasPrice(chainId: CaipNetworkId, options: RequestOptions = {}): Promise<GasPrice> {
    if (!isSwapNetwork(chainId, this.swapChainIds)) throw new GasPriceNetworkNotSupportedError()
    return this.serve('getGasPrice', options, () => ({
      ...(this.seed.gasPrices?.[chainId] ?? { standard: '1000000000', fast: '1500000000', instant: '2000000000' }),
    }))
  }

  async buildSwapTransaction(params: BuildSwapParams, options: RequestOptions = {}): Promise<SwapTransaction> {
    this.assertSwap(params.from)
    return this.serve('buildSwapTransaction', options, () => {
      this.quote(params)
      return {
        from: addressPart(params.userAddress),
        to: addressPart(params.to),
        data: `0x${'00'.repeat(4)}${BigInt(params.amount).toString(16).padStart(64, '0')}${(params.slippage ?? SWAP_SLIPPAGE_TOLERANCE).toString(16).padStart(64, '0')}`,
        amount: params.amount,
        eip155: { gas: '200000', gasPrice: '1000000000' },
      }
    })
  }

  async buildApproveTransaction(params: BuildApproveParams, options: RequestOptions = {}): Promise<ApproveTransaction> {
    this.assertSwap(params.from)
    return this.serve('buildApproveTransaction', options, () => ({
      from: addressPart(params.userAddress),
      to: addressPart(params.from),
      // approve(spender, amount): the amount asked for, else unlimited.
      data: `0x095ea7b3${'00'.repeat(32)}${BigInt(params.amount ?? MAX_UINT256).toString(16).padStart(64, '0')}`,
      value: '0',
      eip155: { gas: '60000', gasPrice: '1000000000' },
    }))
  }

  /**
   * The price-table quote (undefined without prices or tokens for both sides); like the service, a
   * trade that would pay nothing has no liquidity.
   */
  private quote(params: { amount: string; from: string; to: string }): bigint | undefined {
    const [fromPrice, toPrice, fromToken, toToken] = [this.priceOf(params.from), this.priceOf(params.to), this.swapToken(params.from), this.swapToken(params.to)]
    if (!fromPrice || !toPrice || !fromToken || !toToken) return undefined
    const units = Number(params.amount) / 10 ** fromToken.decimals
    const toAmount = BigInt(Math.floor(((units * fromPrice) / toPrice) * 10 ** toToken.decimals))
    if (toAmount === 0n) throw new SwapInsufficientLiquidityError()
    return toAmount
  }

  private assertSwap(caip: string): void {
    if (!isSwapNetwork(parse(caip)?.chainId, this.swapChainIds)) throw new SwapNetworkNotSupportedError()
  }

  private priceOf(caip10: string): number | undefined {
    return this.seed.prices?.find((p) => p.address.toLowerCase() === caip10.toLowerCase())?.price
  }

  private swapToken(caip10: string): SwapToken | undefined {
    const parsed = parse(caip10)
    return parsed
      ? this.seed.swapTokens?.[parsed.chainId]?.find((t) => t.address.toLowerCase() === caip10.toLowerCase())
      : undefined
  }
}
