import { BehaviorSubject, type Observable } from 'rxjs'
import type { CaipAddress } from '../../domain/entities'
import type { Transaction } from '../../domain/transactions/transaction'
import { sortNewestFirst } from '../../domain/transactions/group-transactions'
import { filterTransactions } from '../../domain/transactions/transaction-filters'
import type { ActivityApi } from '../../ports/blockchain/activity'
import type { Logger } from '../../ports/logger'
import type { ConnectionStore } from '../connection-store'

export interface NftHolding {
  /** The NFT's name as the history names it, e.g. `Devnet Pixels #1`. */
  readonly name: string
  /** Preview image URL (untrusted: views check its scheme). */
  readonly imageUrl: string
}

export type NftHoldingsState =
  | { readonly status: 'idle' }
  | { readonly status: 'loading'; readonly caipAddress: CaipAddress }
  | { readonly status: 'ready'; readonly caipAddress: CaipAddress; readonly nfts: readonly NftHolding[] }
  | { readonly status: 'error'; readonly caipAddress: CaipAddress; readonly error: unknown }

/** How many history pages (20 entries each) the NFTs tab reads at most. */
export const NFT_HISTORY_PAGE_LIMIT = 10

/**
 * What the account's history reveals it holds (the NFTs tab): replaying NFT transfers on the
 * connected network oldest first, an incoming NFT is held until an outgoing one of the same name.
 * Spam NFTs are dropped with the domain's filters. Loads on `load()` (the tab asks when shown).
 */
export class NftHoldingsStore {
  private readonly subject = new BehaviorSubject<NftHoldingsState>({ status: 'idle' })
  readonly state$: Observable<NftHoldingsState> = this.subject.asObservable()
  private generation = 0

  constructor(
    private readonly connection: ConnectionStore,
    private readonly api: ActivityApi,
    private readonly logger: Logger,
  ) {}

  get snapshot(): NftHoldingsState {
    return this.subject.value
  }

  /** Never rejects. */
  async load(): Promise<void> {
    const connection = this.connection.snapshot
    const generation = ++this.generation
    if (connection.status !== 'connected') {
      this.subject.next({ status: 'idle' })
      return
    }
    const caipAddress = connection.caipAddress as CaipAddress
    this.subject.next({ status: 'loading', caipAddress })
    try {
      const transactions: Transaction[] = []
      let cursor: string | null = null
      for (let page = 0; page < NFT_HISTORY_PAGE_LIMIT; page++) {
        const answer = await this.api.getTransactions(caipAddress, { cursor })
        transactions.push(...answer.data)
        cursor = answer.next
        if (cursor === null) break
      }
      if (generation !== this.generation) return
      const nfts = nftHoldings(filterTransactions(transactions, connection.caipNetworkId))
      this.subject.next({ status: 'ready', caipAddress, nfts })
    } catch (error) {
      this.logger.warn('History unavailable for the NFTs tab', error)
      if (generation === this.generation) this.subject.next({ status: 'error', caipAddress, error })
    }
  }
}

/** Replays NFT transfers oldest first: `in` adds, `out` removes, `self` keeps. */
export function nftHoldings(transactions: readonly Transaction[]): NftHolding[] {
  const held = new Map<string, NftHolding>()
  for (const transaction of sortNewestFirst(transactions).reverse()) {
    if (transaction.metadata.status === 'failed') continue
    for (const transfer of transaction.transfers) {
      const nft = transfer.nft_info
      if (nft === undefined || nft.flags.is_spam) continue
      if (transfer.direction === 'in') held.set(nft.name, { name: nft.name, imageUrl: nft.content.preview.url })
      else if (transfer.direction === 'out') held.delete(nft.name)
    }
  }
  return [...held.values()].reverse()
}
