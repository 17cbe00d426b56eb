/**
 * The chain-data source a configuration describes: every eip155 chain of `chains` read through its
 * RPC URLs (balances of its token lists' tokens, prices from its feeds, swaps through its router),
 * every Solana network's balances (its listed mints) and every Bitcoin network's (Esplora). What it does not describe (another
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
import { bitcoinChainData, type BitcoinChain } from './bitcoin-chain-data.js'
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

/** A chain's `priceFeeds`, read on the eip155 chain its `priceFeedChain` names (for another namespace). */
function feedsElsewhere(config: Pick<ServerConfig, 'chains'>, chain: ChainConfig, clock: Clock): FeedPrices | undefined {
  const feedUrls = config.chains.find((c) => c.id === chain.priceFeedChain)?.rpcUrls.filter((url) => /^https?:/.test(url)) ?? []
  const feeds = Object.entries(chain.priceFeeds ?? {}).map(([key, address]) => ({ key, address: address as Address }))
  return feeds.length === 0 || feedUrls.length === 0 ? undefined : new FeedPrices(chainClient(feedUrls), feeds, clock, chain.priceFeedMaxAgeSeconds)
}

const httpUrls = (chain: ChainConfig) => chain.rpcUrls.filter((url) => /^https?:/.test(url))

/** The Solana networks of a configuration: their mints, priced by feeds on a configured eip155 chain. */
export function configuredSolanaChains(config: Pick<ServerConfig, 'chains'>, clock: Clock): SolanaChain[] {
  return config.chains.flatMap((chain) => {
    if (!chain.id.startsWith('solana:') || httpUrls(chain).length === 0) return []
    const prices = feedsElsewhere(config, chain, clock)
    return [
      {
        id: chain.id,
        rpcUrls: httpUrls(chain),
        ...(chain.nativeCurrency === undefined ? {} : { native: chain.nativeCurrency }),
        tokens: (chain.tokens ?? []).map(({ address, ...token }) => ({ mint: address, ...token })),
        ...(prices === undefined ? {} : { prices }),
      },
    ]
  })
}

/** The Bitcoin networks of a configuration: `rpcUrls` are their Esplora API roots. */
export function configuredBitcoinChains(config: Pick<ServerConfig, 'chains'>, clock: Clock): BitcoinChain[] {
  return config.chains.flatMap((chain) => {
    if (!chain.id.startsWith('bip122:') || httpUrls(chain).length === 0) return []
    const prices = feedsElsewhere(config, chain, clock)
    return [{ id: chain.id, esploraUrls: httpUrls(chain), ...(chain.nativeCurrency === undefined ? {} : { native: chain.nativeCurrency }), ...(prices === undefined ? {} : { prices }) }]
  })
}

/**
 * The configuration's source: its EVM chains, then its Solana networks, then its Bitcoin networks,
 * each handing what it does not answer to the next, the last to `next`.
 */
export function configuredChainData(config: Pick<ServerConfig, 'chains' | 'tokenLists'>, clock: Clock, extra: Omit<EvmChainDataOptions, 'chains' | 'clock'> = {}): ChainDataPort {
  const { next, iconUrl, ...rest } = extra
  const icon = iconUrl ?? defaultIconUrl
  const bitcoin = configuredBitcoinChains(config, clock)
  const solana = configuredSolanaChains(config, clock)
  let after: ChainDataPort = next ?? {}
  if (bitcoin.length > 0) after = bitcoinChainData({ chains: bitcoin, iconUrl: icon, next: after })
  if (solana.length > 0) after = solanaChainData({ chains: solana, iconUrl: icon, next: after })
  return evmChainData({ chains: configuredEvmChains(config), clock, ...(iconUrl === undefined ? {} : { iconUrl }), ...rest, next: after })
}
