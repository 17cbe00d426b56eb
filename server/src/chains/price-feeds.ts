/**
 * Prices from on-chain feeds with the read side of Chainlink's AggregatorV3Interface (`decimals`,
 * `latestRoundData`), configured per token: every feed of a chain read in one eth_call through
 * Multicall3 (deployless where the chain has none). A feed that fails, answers zero or less, or has
 * not been updated within its allowed age gives no price: a token without one shows no fiat value
 * rather than a made-up one.
 */
import { parseAbi, type Address, type ContractFunctionParameters, type PublicClient } from 'viem'
import type { Clock } from '../clock.js'
import { Multicall3Presence, MULTICALL3_ADDRESS } from './multicall.js'

const FEED_ABI = parseAbi(['function decimals() view returns (uint8)', 'function latestRoundData() view returns (uint80, int256, uint256, uint256, uint80)'])

/** Most USD feeds on public chains update at least daily (their heartbeat). */
export const DEFAULT_FEED_MAX_AGE_SECONDS = 86_400

export interface PriceFeed {
  /** What the price is of: a token's address, or a name such as `ETH` for a native coin. */
  readonly key: string
  readonly address: Address
}

/** USD prices by key (`native`, a token's address or mint, a currency code): a price source. */
export interface PriceSource {
  prices(): Promise<Map<string, number>>
}

export class FeedPrices implements PriceSource {
  private readonly multicall3: Multicall3Presence

  constructor(
    private readonly client: PublicClient,
    private readonly feeds: readonly PriceFeed[],
    private readonly clock: Clock,
    private readonly maxAgeSeconds = DEFAULT_FEED_MAX_AGE_SECONDS,
  ) {
    this.multicall3 = new Multicall3Presence(client)
  }

  /** The USD price of each feed's key that has a current one. */
  async prices(): Promise<Map<string, number>> {
    if (this.feeds.length === 0) return new Map()
    const deployless = !(await this.multicall3.has())
    const calls: ContractFunctionParameters[] = this.feeds.flatMap((feed) => [
      { address: feed.address, abi: FEED_ABI, functionName: 'decimals' },
      { address: feed.address, abi: FEED_ABI, functionName: 'latestRoundData' },
    ])
    const results = await this.client.multicall({ allowFailure: true, batchSize: 0, contracts: calls, ...(deployless ? { deployless: true } : { multicallAddress: MULTICALL3_ADDRESS }) })
    const now = Math.floor(this.clock.now() / 1000)
    const prices = new Map<string, number>()
    this.feeds.forEach((feed, i) => {
      const decimals = results[2 * i]
      const round = results[2 * i + 1]
      if (decimals?.status !== 'success' || round?.status !== 'success') return
      const [, answer, , updatedAt] = round.result as readonly [bigint, bigint, bigint, bigint, bigint]
      if (answer <= 0n || now - Number(updatedAt) > this.maxAgeSeconds) return
      prices.set(feed.key, Number(answer) / 10 ** Number(decimals.result))
    })
    return prices
  }
}

/** One source's prices, the other's filling in the keys it does not give. */
export function pricesFirstFrom(first: PriceSource | undefined, then: PriceSource | undefined): PriceSource | undefined {
  if (first === undefined || then === undefined) return first ?? then
  return {
    prices: async () => {
      const [a, b] = await Promise.all([first.prices().catch(() => new Map<string, number>()), then.prices()])
      return new Map([...b, ...a])
    },
  }
}
