/**
 * Quotes for the swap flow: the network's gas price (read once per flow) and the first quote of
 * the convert service, with its 1 % minimum, price impact and estimated fee. No quote at all is
 * insufficient liquidity.
 */
import type { CaipNetworkId } from '../../domain/entities'
import { formatUnitsExact } from '../../domain/format/amount'
import { SwapInsufficientLiquidityError } from '../../domain/swap/swap-errors'
import { SWAP_GAS_ESTIMATE, minimumReceived, priceImpactPercent } from '../../domain/swap/swap-math'
import type { SwapAccount, SwapFlowDeps, SwapQuoteInfo, SwapTokenRow } from './swap-state'

export class SwapQuotes {
  private gasPrice: bigint | undefined

  constructor(
    private readonly api: SwapFlowDeps['api'],
    /** The native coin's row, for the fee's decimals and symbol. */
    private readonly nativeRow: () => SwapTokenRow | undefined,
  ) {}

  async quoteOf(account: SwapAccount, from: SwapTokenRow, to: SwapTokenRow, amount: bigint): Promise<SwapQuoteInfo> {
    const gasPrice = await this.currentGasPrice(account.caipNetworkId)
    const quotes = await this.api.getSwapQuotes({
      amount: amount.toString(),
      userAddress: account.address,
      from: from.address,
      to: to.address,
      gasPrice: gasPrice.toString(),
    })
    const first = quotes[0]
    if (first === undefined) throw new SwapInsufficientLiquidityError()
    const toAmount = BigInt(first.toAmount)
    const minimum = minimumReceived(toAmount)
    const native = this.nativeRow()
    const fee = gasPrice * SWAP_GAS_ESTIMATE
    return {
      fromAmount: amount,
      toAmount,
      minimum,
      toAmountText: formatUnitsExact(toAmount, to.decimals),
      minimumText: formatUnitsExact(minimum, to.decimals),
      priceImpact: priceImpactPercent({ amount, decimals: from.decimals, price: from.price }, { amount: toAmount, decimals: to.decimals, price: to.price }),
      fee,
      feeText: `${formatUnitsExact(fee, native?.decimals ?? 18)} ${native?.symbol ?? ''}`.trim(),
    }
  }

  async currentGasPrice(network: CaipNetworkId): Promise<bigint> {
    if (this.gasPrice !== undefined) return this.gasPrice
    const price = BigInt((await this.api.getGasPrice(network)).standard)
    this.gasPrice = price
    return price
  }
}
