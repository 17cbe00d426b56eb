/**
 * The chain-data source a configuration describes: every eip155 chain of `chains` read through its
 * RPC URLs (balances of its token lists' tokens, prices from its feeds, swaps through its router),
 * every Solana network's balances and history (its listed mints) and every Bitcoin network's
 * balances (Esplora). What it does not describe (another namespace, on-ramp, smart sessions) has no
 * source here.
 */
import type { Address } from 'viem'
import type { ChainDataPort, ChainDataRequest } from '../chain-data.js'
import type { Clock } from '../clock.js'
import type { ChainConfig, ServerConfig } from '../config.js'
import { chainClient } from './chain-client.js'
import { defaultIconUrl, evmChainData, type EvmActivityConfig, type EvmChain, type EvmChainDataOptions } from './evm-chain-data.js'
import { evmActivity } from './evm-activity.js'
import { EvmPrices } from './evm-prices.js'
import type { Database } from '../db/database.js'
import type { ActivityIndexer } from './activity/indexer.js'
import { FeedPrices, pricesFirstFrom, type PriceSource } from './price-feeds.js'
import { HttpPrices } from './http-prices.js'
import { SOL, solanaChainData, type SolanaChain } from './solana-chain-data.js'
import { SolanaActivity } from './solana-activity.js'
import { bitcoinChainData, type BitcoinChain } from './bitcoin-chain-data.js'
import { readTokenList, type ListedToken } from './token-list.js'

/** The tokens the lists give each chain (read now: a bad list stops the start). */
function listedTokens(config: Pick<ServerConfig, 'tokenLists'>): Map<number, ListedToken[]> {
  const tokens = new Map<number, ListedToken[]>()
  for (const path of config.tokenLists) {
    for (const [chainId, listed] of readTokenList(path)) {
      const known = tokens.get(chainId) ?? []
      tokens.set(chainId, [...known, ...listed.filter((token) => !known.some((k) => k.address === token.address))])
    }
  }
  return tokens
}

/** The EVM chains of a configuration, with the tokens its lists give each. */
export function configuredEvmChains(config: Pick<ServerConfig, 'chains' | 'tokenLists'>, tokens: ReadonlyMap<number, readonly ListedToken[]> = listedTokens(config)): EvmChain[] {
  return config.chains.flatMap((chain) => {
    const evm = evmChain(chain, tokens)
    return evm === undefined ? [] : [evm]
  })
}

function evmChain(chain: ChainConfig, tokens: ReadonlyMap<number, readonly ListedToken[]>): EvmChain | undefined {
  const [namespace, reference] = chain.id.split(':')
  const urls = chain.rpcUrls.filter((url) => /^https?:/.test(url))
  if (namespace !== 'eip155' || !/^\d+$/.test(reference ?? '') || urls.length === 0) return undefined
  const id = Number(reference)
  return {
    reference: id,
    client: chainClient(urls),
    tokens: tokens.get(id) ?? [],
    feeds: Object.entries(chain.priceFeeds ?? {}).map(([key, address]) => ({ key, address: address as Address })),
    ...(chain.nativeCurrency === undefined ? {} : { native: chain.nativeCurrency }),
    ...(chain.priceFeedMaxAgeSeconds === undefined ? {} : { feedMaxAgeSeconds: chain.priceFeedMaxAgeSeconds }),
    ...(chain.swap === undefined ? {} : { swap: { router: chain.swap.router as Address, weth: chain.swap.weth as Address } }),
    ...(chain.activity === undefined ? {} : { activity: activityOf(chain.activity) }),
  }
}

function activityOf(activity: NonNullable<ChainConfig['activity']>): EvmActivityConfig {
  const senders = activity.onrampSenders === undefined ? {} : { onrampSenders: activity.onrampSenders.map((sender) => sender as Address) }
  if (activity.source === 'otterscan') return { source: 'otterscan', ...senders }
  return { source: 'indexer', startBlock: BigInt(activity.startBlock), ...(activity.confirmations === undefined ? {} : { confirmations: activity.confirmations }), ...senders }
}

/**
 * A network's prices (another namespace's): its `priceFeeds`, read on the eip155 chain its
 * `priceFeedChain` names, then the price endpoint's for what they leave out.
 */
function feedsElsewhere(config: Pick<ServerConfig, 'chains'>, chain: ChainConfig, clock: Clock, http?: HttpPrices): PriceSource | undefined {
  // The endpoint's prices of this network: its `native` and its mints, after the feeds'.
  const fromHttp = http === undefined ? undefined : { prices: () => http.of(chain.id) }
  return pricesFirstFrom(feedsOn(config, chain, clock), fromHttp)
}

function feedsOn(config: Pick<ServerConfig, 'chains'>, chain: ChainConfig, clock: Clock): FeedPrices | undefined {
  const feedUrls = config.chains.find((c) => c.id === chain.priceFeedChain)?.rpcUrls.filter((url) => /^https?:/.test(url)) ?? []
  const feeds = Object.entries(chain.priceFeeds ?? {}).map(([key, address]) => ({ key, address: address as Address }))
  return feeds.length === 0 || feedUrls.length === 0 ? undefined : new FeedPrices(chainClient(feedUrls), feeds, clock, chain.priceFeedMaxAgeSeconds)
}

const httpUrls = (chain: ChainConfig) => chain.rpcUrls.filter((url) => /^https?:/.test(url))

/** The Solana networks of a configuration: their mints, priced by feeds on a configured eip155 chain. */
export function configuredSolanaChains(config: Pick<ServerConfig, 'chains'>, clock: Clock, http?: HttpPrices, icon: (symbol: string, request: ChainDataRequest) => string = defaultIconUrl): SolanaChain[] {
  return config.chains.flatMap((chain) => {
    if (!chain.id.startsWith('solana:') || httpUrls(chain).length === 0) return []
    const prices = feedsElsewhere(config, chain, clock, http)
    const tokens = (chain.tokens ?? []).map(({ address, ...token }) => ({ mint: address, ...token }))
    return [
      {
        id: chain.id,
        rpcUrls: httpUrls(chain),
        ...(chain.nativeCurrency === undefined ? {} : { native: chain.nativeCurrency }),
        tokens,
        ...(prices === undefined ? {} : { prices }),
        activity: new SolanaActivity({ chainId: chain.id, rpcUrls: httpUrls(chain), native: chain.nativeCurrency ?? SOL, tokens, iconUrl: icon }),
      },
    ]
  })
}

/** The Bitcoin networks of a configuration: `rpcUrls` are their Esplora API roots. */
export function configuredBitcoinChains(config: Pick<ServerConfig, 'chains'>, clock: Clock, http?: HttpPrices): BitcoinChain[] {
  return config.chains.flatMap((chain) => {
    if (!chain.id.startsWith('bip122:') || httpUrls(chain).length === 0) return []
    const prices = feedsElsewhere(config, chain, clock, http)
    return [{ id: chain.id, esploraUrls: httpUrls(chain), ...(chain.nativeCurrency === undefined ? {} : { native: chain.nativeCurrency }), ...(prices === undefined ? {} : { prices }) }]
  })
}

/** How often the indexer looks for new blocks. */
const INDEX_INTERVAL_MS = 4_000

export interface ConfiguredSources {
  readonly port: ChainDataPort
  /** The history indexer of the chains configured with `indexer` (start it with the server, stop it before the database). */
  readonly indexer?: ActivityIndexer
}

/**
 * The configuration's sources: its EVM chains (and their history), then its Solana networks, then
 * its Bitcoin networks, each handing what it does not answer to the next, the last to `next`.
 * Without a database, chains whose history is indexed have none.
 */
export function configuredSources(config: Pick<ServerConfig, 'chains' | 'tokenLists'> & Partial<Pick<ServerConfig, 'prices'>>, clock: Clock, extra: Omit<EvmChainDataOptions, 'chains' | 'clock' | 'activity'> & { db?: Database } = {}): ConfiguredSources {
  const { next, iconUrl, db, ...rest } = extra
  const icon = iconUrl ?? defaultIconUrl
  const tokens = listedTokens(config)
  const evm = configuredEvmChains(config, tokens)
  const http = config.prices === undefined ? undefined : new HttpPrices(config.prices.url, clock)
  const bitcoin = configuredBitcoinChains(config, clock, http)
  const solana = configuredSolanaChains(config, clock, http, icon)
  // One book of prices: the EVM chains' feeds (currency rates included) and the endpoint.
  const prices = new EvmPrices(evm, clock, http)
  const currencyRate = (currency: string | undefined) => prices.currencyRate(currency)
  let after: ChainDataPort = next ?? {}
  if (bitcoin.length > 0) after = bitcoinChainData({ chains: bitcoin, iconUrl: icon, next: after, currencyRate })
  if (solana.length > 0) after = solanaChainData({ chains: solana, iconUrl: icon, next: after, currencyRate })
  const history = evmActivity({ chains: evm, clock, prices, ...(db === undefined ? {} : { db }) })
  const port = evmChainData({ chains: evm, clock, ...(iconUrl === undefined ? {} : { iconUrl }), ...rest, next: after, prices, ...(history.source === undefined ? {} : { activity: history.source }) })
  return { port, ...(history.indexer === undefined ? {} : { indexer: history.indexer }) }
}

/** The configuration's source (see configuredSources), without indexed history. */
export function configuredChainData(config: Pick<ServerConfig, 'chains' | 'tokenLists'> & Partial<Pick<ServerConfig, 'prices'>>, clock: Clock, extra: Omit<EvmChainDataOptions, 'chains' | 'clock' | 'activity'> = {}): ChainDataPort {
  return configuredSources(config, clock, extra).port
}

export { INDEX_INTERVAL_MS }
