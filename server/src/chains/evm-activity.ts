/**
 * One history source over EVM chains, each read the way its `activity` says: through its node's
 * Otterscan API, or indexed into the database. Both present rows alike: token names from the chains'
 * token lists (else the token's own words), today's USD prices from the chains' prices, NFT previews
 * from on-chain metadata.
 */
import type { Clock } from '../clock.js'
import type { Database } from '../db/database.js'
import { EMPTY_ACTIVITY_PAGE, type ActivitySource } from './activity/activity.js'
import { ActivityIndexer, type IndexedChain } from './activity/indexer.js'
import { ChainNftPreviews } from './activity/nft-previews.js'
import { OtterscanActivity } from './activity/otterscan.js'
import type { ActivityPresentation } from './activity/present.js'
import type { ActivityChain } from './activity/reads.js'
import { ChainTokenMetadata } from './activity/token-metadata.js'
import { ETHER, type EvmChain } from './evm-chain-data.js'
import type { EvmPrices } from './evm-prices.js'

export interface EvmActivityOptions {
  readonly chains: readonly EvmChain[]
  readonly clock: Clock
  /** Rows carry today's USD price and value of the tokens these price; without it, none. */
  readonly prices?: EvmPrices
  /** Where indexed chains keep their rows; without it, a chain configured with the indexer has no history. */
  readonly db?: Database
}

export interface EvmActivity {
  /** Undefined when no chain has history here. */
  readonly source?: ActivitySource
  /** The indexer of the chains configured with it (start it with the server, stop it before the database). */
  readonly indexer?: ActivityIndexer
}

export function evmActivity(options: EvmActivityOptions): EvmActivity {
  const clients = new Map(options.chains.map((chain) => [chain.reference, chain.client]))
  const client = (chainId: number) => clients.get(chainId)
  const { prices } = options
  const previews = new ChainNftPreviews({ client })
  const presentation: ActivityPresentation = {
    tokens: new ChainTokenMetadata({ client, tokens: new Map(options.chains.map((chain) => [chain.reference, chain.tokens])) }),
    // A token's icon: its list's; without one the history route gives this server's image by symbol.
    iconUrl: (token) => token.logoURI ?? '',
    nftPreview: (nft) => previews.preview(nft),
    ...(prices === undefined ? {} : { prices: (chainId: number) => prices.usd(chainId) }),
  }
  const otterscan: ActivityChain[] = []
  const indexed: IndexedChain[] = []
  for (const chain of options.chains) {
    if (chain.activity === undefined) continue
    const base = { chainId: chain.reference, client: chain.client, native: chain.native ?? ETHER, ...(chain.activity.onrampSenders === undefined ? {} : { onrampSenders: chain.activity.onrampSenders }) }
    if (chain.activity.source === 'otterscan') otterscan.push(base)
    else if (options.db !== undefined) indexed.push({ ...base, startBlock: chain.activity.startBlock, ...(chain.activity.confirmations === undefined ? {} : { confirmations: chain.activity.confirmations }) })
  }
  const ots = otterscan.length === 0 ? undefined : new OtterscanActivity({ ...presentation, chains: otterscan })
  const indexer = indexed.length === 0 || options.db === undefined ? undefined : new ActivityIndexer({ ...presentation, db: options.db, clock: options.clock, chains: indexed })
  if (ots === undefined && indexer === undefined) return {}
  const viaOtterscan = new Set(otterscan.map((chain) => chain.chainId))
  const viaIndexer = new Set(indexed.map((chain) => chain.chainId))
  // A chain read here without history (none configured, or indexed without a database) has none.
  const source: ActivitySource = {
    page: async (request) => (viaOtterscan.has(request.chainId) ? ots!.page(request) : viaIndexer.has(request.chainId) ? indexer!.page(request) : EMPTY_ACTIVITY_PAGE),
  }
  return { source, ...(indexer === undefined ? {} : { indexer }) }
}
