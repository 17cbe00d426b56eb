/**
 * The chain-data source a configuration describes: every eip155 chain of `chains` read through its
 * RPC URLs (balances of its token lists' tokens, prices from its feeds, swaps through its router).
 * What it does not describe (another namespace, on-ramp, smart sessions) has no source here.
 */
import type { Address } from 'viem'
import type { ChainDataPort } from '../chain-data.js'
import type { Clock } from '../clock.js'
import type { ChainConfig, ServerConfig } from '../config.js'
import { chainClient } from './chain-client.js'
import { evmChainData, type EvmChain, type EvmChainDataOptions } from './evm-chain-data.js'
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

/** The configuration's source, handing what it does not answer to `next`. */
export function configuredChainData(config: Pick<ServerConfig, 'chains' | 'tokenLists'>, clock: Clock, extra: Omit<EvmChainDataOptions, 'chains' | 'clock'> = {}): ChainDataPort {
  return evmChainData({ chains: configuredEvmChains(config), clock, ...extra })
}
