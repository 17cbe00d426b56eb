/**
 * What the EVM chains a server reads price, in one place for balances, the price route and history
 * rows alike: each chain's feeds first, the host's HTTP price endpoint for what no feed prices, and
 * nothing (no fiat value) for the rest. Display currencies' rates come from feeds keyed by their code.
 * A chain's feed answers are kept 10 s: a page of history, a balance and a price call made together
 * read them once (a feed moves on a heartbeat of minutes, or on a deviation of about 0.5 %).
 */
import type { Clock } from '../clock.js'
import { ChainDataError } from '../chain-data.js'
import type { EvmChain } from './evm-chain-data.js'
import type { HttpPrices } from './http-prices.js'
import { FeedPrices } from './price-feeds.js'
import { TtlCache } from '../ttl-cache.js'
import { NATIVE_TOKEN } from './uniswap-v2.js'

/** The native coin's key among a chain's price feeds. */
export const NATIVE_PRICE_KEY = 'native'
/** A display currency's key among feeds and the endpoint's prices: its ISO 4217 code (`EUR`). */
const CURRENCY_KEY = /^[A-Z]{3}$/
/** How long a chain's feed answers are kept. */
export const FEED_ANSWER_TTL_MS = 10_000

export class EvmPrices {
  private readonly feeds = new Map<number, { readonly config: EvmChain; readonly prices: FeedPrices }>()
  private readonly answers: TtlCache<Map<string, number>>

  constructor(
    chains: readonly EvmChain[],
    clock: Clock,
    private readonly http?: HttpPrices,
    options: { readonly ttlMs?: number } = {},
  ) {
    for (const config of chains) this.feeds.set(config.reference, { config, prices: new FeedPrices(config.client, config.feeds, clock, config.feedMaxAgeSeconds) })
    this.answers = new TtlCache({ name: 'price-feeds', clock, ttlMs: options.ttlMs ?? FEED_ANSWER_TTL_MS, maxEntries: Math.max(1, chains.length) })
  }

  /** The chain's feed answers by key (none for a chain not read here); rejects when its node fails. */
  private feedAnswers(chainId: number): Promise<Map<string, number>> {
    const chain = this.feeds.get(chainId)
    if (chain === undefined) return Promise.resolve(new Map())
    return this.answers.getOrLoad(String(chainId), () => chain.prices.prices())
  }

  /**
   * The USD price of a unit of each token of the chain that has one, by lower-cased address (the
   * native coin at NATIVE_TOKEN's). Rejects when the chain's feeds do not answer.
   */
  async usd(chainId: number): Promise<Map<string, number>> {
    const [fromFeeds, fromHttp] = await Promise.all([this.feedAnswers(chainId), this.http?.of(`eip155:${chainId}`) ?? new Map<string, number>()])
    const prices = new Map<string, number>()
    for (const [key, price] of fromFeeds) {
      if (key === NATIVE_PRICE_KEY) prices.set(NATIVE_TOKEN.toLowerCase(), price)
      else if (key.startsWith('0x')) prices.set(key.toLowerCase(), price)
    }
    // The endpoint's prices fill in what the chain's own feeds do not give.
    for (const [key, price] of fromHttp) if (key.startsWith('0x') && !prices.has(key)) prices.set(key, price)
    return prices
  }

  /** The USD price of one unit of `currency` (1 for USD), from any chain's feed of it, else the endpoint; a 400 for a currency nothing prices. */
  async currencyRate(currency: string | undefined): Promise<number> {
    const code = (currency ?? 'usd').toUpperCase()
    if (code === 'USD') return 1
    for (const { config } of this.feeds.values()) {
      if (!config.feeds.some((feed) => feed.key === code)) continue
      const rate = (await this.feedAnswers(config.reference)).get(code)
      if (rate !== undefined) return rate
    }
    const rate = (await this.http?.all())?.get(code)
    if (rate !== undefined) return rate
    throw new ChainDataError(400, `Unsupported currency ${currency ?? ''}`)
  }

  /**
   * The USD price of one unit of every display currency something prices, by code (USD at 1): each
   * chain's feeds of currencies first, the endpoint's codes for the rest. A chain whose feeds do
   * not answer gives none of its codes (the others still count); never rejects.
   */
  async currencyPrices(): Promise<Map<string, number>> {
    const found = new Map<string, number>([['USD', 1]])
    for (const { config } of this.feeds.values()) {
      const codes = config.feeds.filter((feed) => CURRENCY_KEY.test(feed.key)).map((feed) => feed.key)
      if (codes.length === 0) continue
      const answers = await this.feedAnswers(config.reference).catch(() => new Map<string, number>())
      for (const code of codes) {
        const price = answers.get(code)
        if (price !== undefined && !found.has(code)) found.set(code, price)
      }
    }
    for (const [key, price] of (await this.http?.all()) ?? new Map<string, number>()) if (CURRENCY_KEY.test(key) && !found.has(key)) found.set(key, price)
    return found
  }
}
