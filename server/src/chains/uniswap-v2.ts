/**
 * Swaps through a Uniswap V2-compatible router configured per chain: quotes from its
 * `getAmountsOut`, the allowance it has, and the approve and swap transactions (the spec's slippage
 * taken off the quoted amount). The native coin travels as the router's WETH inside a path. The same
 * code serves the devnet's pools and any chain with such a router.
 */
import { encodeFunctionData, erc20Abi, maxUint256, parseAbi, zeroAddress, type Address, type Hex, type PublicClient } from 'viem'

const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** How long a built swap stays valid on chain. */
const DEADLINE_SECONDS = 20 * 60

export interface SwapRouterConfig {
  readonly router: Address
  /** The router's wrapped native coin (its `WETH()`). */
  readonly weth: Address
  /** The address that stands for the native coin in the API (EIP-7528's 0xEeee...EEeE by default). */
  readonly native?: Address
}

export interface SwapTransaction {
  readonly from: Address
  readonly to: Address
  readonly data: Hex
  /** Native coin sent with it, base units. */
  readonly value: bigint
}

export const NATIVE_TOKEN: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

export class UniswapV2Swaps {
  private readonly native: Address

  constructor(
    private readonly client: PublicClient,
    private readonly config: SwapRouterConfig,
  ) {
    this.native = config.native ?? NATIVE_TOKEN
  }

  private isNative(token: Address): boolean {
    return token.toLowerCase() === this.native.toLowerCase() || token === zeroAddress
  }

  private path(from: Address, to: Address): Address[] {
    return [this.isNative(from) ? this.config.weth : from, this.isNative(to) ? this.config.weth : to]
  }

  /** What `amountIn` of `from` buys of `to` now, base units; throws when there is no such pool or it has too little. */
  async quote(from: Address, to: Address, amountIn: bigint): Promise<bigint> {
    const amounts = await this.client.readContract({ address: this.config.router, abi: ROUTER_ABI, functionName: 'getAmountsOut', args: [amountIn, this.path(from, to)] })
    return amounts.at(-1) ?? 0n
  }

  /** What the router may spend of `owner`'s `token` (the native coin needs no approval: unlimited). */
  async allowance(token: Address, owner: Address): Promise<bigint> {
    if (this.isNative(token)) return maxUint256
    return this.client.readContract({ address: token, abi: erc20Abi, functionName: 'allowance', args: [owner, this.config.router] })
  }

  /** The approval of exactly `amount` (unlimited without one) for the router. */
  approve(token: Address, owner: Address, amount: bigint = maxUint256): SwapTransaction {
    return { from: owner, to: token, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [this.config.router, amount] }), value: 0n }
  }

  /**
   * The swap of `amountIn` of `from` for `to`, paid to `owner`, taking at least the quote less
   * `slippagePercent` (refused on chain otherwise), valid for 20 minutes from `nowSeconds`.
   */
  async swap(params: { from: Address; to: Address; amountIn: bigint; owner: Address; slippagePercent: number; nowSeconds: number }): Promise<SwapTransaction> {
    const quoted = await this.quote(params.from, params.to, params.amountIn)
    const minimum = (quoted * BigInt(Math.round((100 - params.slippagePercent) * 1_000))) / 100_000n
    const path = this.path(params.from, params.to)
    const deadline = BigInt(params.nowSeconds + DEADLINE_SECONDS)
    const data = this.isNative(params.from)
      ? encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactETHForTokens', args: [minimum, path, params.owner, deadline] })
      : this.isNative(params.to)
        ? encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForETH', args: [params.amountIn, minimum, path, params.owner, deadline] })
        : encodeFunctionData({ abi: ROUTER_ABI, functionName: 'swapExactTokensForTokens', args: [params.amountIn, minimum, path, params.owner, deadline] })
    return { from: params.owner, to: this.config.router, data, value: this.isNative(params.from) ? params.amountIn : 0n }
  }
}
