/**
 * The chain-data source a configuration describes: every eip155 chain of `chains` read through its
 * RPC URLs (balances of its token lists' tokens, prices from its feeds, swaps through its router),
 * and every Solana network's balances (its listed mints). What it does not describe (another
 * namespace, on-ramp, smart sessions) has no source here.
 */
import type { Address } from 'viem'
import type { ChainDataPort } from '../chain-data.js'
import type { Clock } from '../clock.js'
import type { ChainConfig, ServerConfig } from '../config.js'
import { chainClient } from './chain-client.js'
import { defaultIconUrl, evmChainData, type EvmChain, type EvmChainDataOptions } from './evm-chain-data.js'
import { FeedPrices } from './price-feeds.js'
import { solanaChainData, type SolanaChain } from './solana-chain-data.js'
import { readTokenList, type ListedToken } from './token-list.js'

/** The EVM chains of a configuration, with the tokens its lists give each (read now: a bad list stops the start). */
export function configuredEvmChains(config: Pick<ServerConfig, 'chains' | 'tokenLists'>): EvmChain[] {
  const tokens = new Map<number, ListedToken[]>()
  for (const path of config.tokenLists) {
    for (const [chainId, listed] of readTokenList(path)) {
      const known = tokens.get(chainId) ?? []
      tokens.set(chainId, [...known, ...listed.filter((token) => !known.some((k) => k.address === token.address))])
    }
  }
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
  }
}

/** The Solana networks of a configuration: their mints, priced by feeds on a configured eip155 chain. */
export function configuredSolanaChains(config: Pick<ServerConfig, 'chains'>, clock: Clock): SolanaChain[] {
  return config.chains.flatMap((chain) => {
    const urls = chain.rpcUrls.filter((url) => /^https?:/.test(url))
    if (!chain.id.startsWith('solana:') || urls.length === 0) return []
    const feedChain = config.chains.find((c) => c.id === chain.priceFeedChain)
    const feedUrls = feedChain?.rpcUrls.filter((url) => /^https?:/.test(url)) ?? []
    const feeds = Object.entries(chain.priceFeeds ?? {}).map(([key, address]) => ({ key, address: address as Address }))
    return [
      {
        id: chain.id,
        rpcUrls: urls,
        ...(chain.nativeCurrency === undefined ? {} : { native: chain.nativeCurrency }),
        tokens: (chain.tokens ?? []).map(({ address, ...token }) => ({ mint: address, ...token })),
        ...(feeds.length === 0 || feedUrls.length === 0 ? {} : { prices: new FeedPrices(chainClient(feedUrls), feeds, clock, chain.priceFeedMaxAgeSeconds) }),
      },
    ]
  })
}

/** The configuration's source (its EVM chains, then its Solana networks), handing what neither answers to `next`. */
export function configuredChainData(config: Pick<ServerConfig, 'chains' | 'tokenLists'>, clock: Clock, extra: Omit<EvmChainDataOptions, 'chains' | 'clock'> = {}): ChainDataPort {
  const { next, iconUrl, ...rest } = extra
  const solana = configuredSolanaChains(config, clock)
  return evmChainData({
    chains: configuredEvmChains(config),
    clock,
    ...(iconUrl === undefined ? {} : { iconUrl }),
    ...rest,
    next: solana.length === 0 ? (next ?? {}) : solanaChainData({ chains: solana, iconUrl: iconUrl ?? defaultIconUrl, ...(next === undefined ? {} : { next }) }),
  })
}
