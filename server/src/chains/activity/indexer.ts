/**
 * Activity for nodes without the Otterscan API: the server indexes it into its database. It follows
 * the accounts it has been asked about (each from the chain's configured start block: the blocks are
 * read once per batch of newly followed accounts, so the start block bounds that cost), and writes
 * their rows: the transactions an account sent, those that paid it the native coin at top level, and
 * those with an ERC-20 or ERC-721 `Transfer` log from or to it (found with `eth_getLogs` topic
 * filters on the accounts). Native transfers inside calls are not seen (the Otterscan source has
 * them). It stays a confirmation depth behind the head; a kept block hash that changed is a
 * reorganisation, whose dropped blocks' rows are rolled back and read again. One replica indexes a
 * chain at a time (a PostgreSQL advisory lock); should two run at once (a lock lost when the
 * database restarted), their writes are idempotent upserts and neither duplicates nor skips.
 */
import { BlockNotFoundError, getAddress, type Address, type Block, type Hex, type Transaction } from 'viem'
import type { Clock } from '../../clock.js'
import type { Database } from '../../db/database.js'
import {
  activityFilterTag,
  activityAccount,
  decodeActivityCursor,
  EMPTY_ACTIVITY_PAGE,
  encodeActivityCursor,
  pageLimit,
  type ActivityPage,
  type ActivityPageRequest,
  type ActivitySource,
} from './activity.js'
import { presented, type ActivityPresentation } from './present.js'
import { chainTransaction, transferLogTransactions, type ActivityChain } from './reads.js'
import { activityRow, type ActivityRow } from './rows.js'
import { ActivityStore, type ScannedRange } from './store.js'

export interface IndexedChain extends ActivityChain {
  /** The first block indexed: a newly followed account is read from it. */
  readonly startBlock: bigint
  /** Blocks the indexer stays behind the head (default 2). */
  readonly confirmations?: number
}

export interface ActivityIndexerOptions extends ActivityPresentation {
  readonly db: Database
  readonly clock: Clock
  readonly chains: readonly IndexedChain[]
  /** Blocks read and written at a time (default 50). */
  readonly blocksPerRange?: number
  /** The deepest reorganisation looked for: hashes of that many recent blocks are kept (default 128). */
  readonly reorgWindow?: number
  /** Ranges one sync writes at most (default 200); the next sync goes on. */
  readonly rangesPerSync?: number
  /** A background sync's failure (the next one tries again). */
  readonly onError?: (error: unknown) => void
  /**
   * Take PostgreSQL's advisory lock of a chain while indexing it (default true). False stands for a
   * replica that lost the lock; PGlite, one process's database, takes none.
   */
  readonly advisoryLock?: boolean
  /**
   * Accounts followed on a chain at most (default 100,000): anyone may ask for any address's history,
   * and every followed account costs each sync a log query; past it, a new account's page is empty.
   */
  readonly maxFollowed?: number
}

export type SyncOutcome = 'synced' | 'busy'

export class ActivityIndexError extends Error {
  override readonly name = 'ActivityIndexError'
  readonly code = 'ACTIVITY_INDEX_FAILED'
}

const DEFAULT_CONFIRMATIONS = 2
const DEFAULT_BLOCKS_PER_RANGE = 50
const DEFAULT_REORG_WINDOW = 128
/** Kept hashes compared with the node's at a time, newest first, when looking for where a chain forked. */
const REORG_PROBE_BATCH = 8
/** Writes refused in a row (the chain moving under the reader) before a sync gives up until the next. */
const MAX_REFUSED_WRITES = 5
/**
 * Ranges one sync writes at most: the accounts following the head go first, so accounts being read
 * from the start block (many asked about at once, say) delay them by one sync at most.
 */
const DEFAULT_RANGES_PER_SYNC = 200
/** Followed accounts this process remembers, so that a page asks the database to follow only new ones. */
const FOLLOWED_MEMORY = 100_000
/** Accounts one chain follows at most by default. */
export const DEFAULT_MAX_FOLLOWED = 100_000

export class ActivityIndexer implements ActivitySource {
  private readonly store: ActivityStore
  private readonly chains: ReadonlyMap<number, IndexedChain>
  private readonly running = new Map<number, Promise<SyncOutcome>>()
  private readonly blocksPerRange: bigint
  private readonly reorgWindow: bigint
  private readonly rangesPerSync: number
  private readonly followed = new Set<string>()
  private timer: ReturnType<typeof setTimeout> | undefined
  private stopped = false

  constructor(private readonly options: ActivityIndexerOptions) {
    this.store = new ActivityStore(options.db)
    this.chains = new Map(options.chains.map((c) => [c.chainId, c]))
    this.blocksPerRange = BigInt(Math.max(1, options.blocksPerRange ?? DEFAULT_BLOCKS_PER_RANGE))
    this.reorgWindow = BigInt(Math.max(1, options.reorgWindow ?? DEFAULT_REORG_WINDOW))
    this.rangesPerSync = Math.max(1, options.rangesPerSync ?? DEFAULT_RANGES_PER_SYNC)
  }

  /**
   * The account's indexed rows. The first ask follows the account and starts reading it in the
   * background: until that has caught up, the page holds what is indexed so far.
   */
  async page(request: ActivityPageRequest): Promise<ActivityPage> {
    const chain = this.chains.get(request.chainId)
    const account = activityAccount(request.account)
    const filter = activityFilterTag(request)
    const position = request.cursor ? decodeActivityCursor(request.cursor, account, request.chainId, filter) : null
    if (!chain) return EMPTY_ACTIVITY_PAGE
    if (await this.follow(chain.chainId, account)) this.syncInBackground(chain.chainId)
    const senders = chain.onrampSenders ?? []
    if (request.onrampOnly && senders.length === 0) return EMPTY_ACTIVITY_PAGE
    const limit = pageLimit(request.limit)
    const rows = await this.store.rows(chain.chainId, account, position, limit + 1, { ...(request.onrampOnly ? { senders } : {}), ...(request.token === undefined ? {} : { token: request.token }) })
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    return {
      data: await presented(account, chain.chainId, chain.native, page, this.options),
      next: rows.length > limit && last ? encodeActivityCursor(account, chain.chainId, last, filter) : null,
    }
  }

  /** Follows an account the server has seen (from the chain's start block); whether it was new. False on a chain not indexed. */
  async follow(chainId: number, account: Address): Promise<boolean> {
    const chain = this.chains.get(chainId)
    const key = `${chainId}:${account.toLowerCase()}`
    if (!chain || this.followed.has(key)) return false
    const outcome = await this.store.follow(chainId, getAddress(account), chain.startBlock, this.options.clock.now(), this.options.maxFollowed ?? DEFAULT_MAX_FOLLOWED)
    // A refusal is not remembered: once there is room, the account is followed.
    if (outcome === 'full') return false
    if (this.followed.size >= FOLLOWED_MEMORY) this.followed.clear()
    this.followed.add(key)
    return outcome === 'added'
  }

  /**
   * Indexes the chain towards its head less the confirmation depth (at most `rangesPerSync` ranges,
   * those of the accounts following the head first), after any sync of this indexer already under
   * way. `busy` when another replica holds the chain's lock (it indexes instead).
   */
  sync(chainId: number): Promise<SyncOutcome> {
    const chain = this.chains.get(chainId)
    if (!chain) return Promise.resolve('synced')
    const before = this.running.get(chainId) ?? Promise.resolve('synced')
    const run = before.catch(() => 'synced' as const).then(() => this.locked(chain))
    this.running.set(chainId, run)
    void run.finally(() => {
      if (this.running.get(chainId) === run) this.running.delete(chainId)
    }).catch(() => undefined)
    return run
  }

  /** Syncs every chain now and then every `intervalMs` until {@link stop}. */
  start(intervalMs: number): void {
    if (this.timer !== undefined || this.stopped) return
    const tick = async () => {
      for (const chainId of this.chains.keys()) await this.sync(chainId).catch((error: unknown) => this.options.onError?.(error))
      if (!this.stopped) this.timer = setTimeout(() => void tick(), intervalMs)
    }
    this.timer = setTimeout(() => void tick(), 0)
  }

  /** Stops the background syncs and waits for any under way. */
  async stop(): Promise<void> {
    this.stopped = true
    clearTimeout(this.timer)
    await Promise.allSettled([...this.running.values()])
  }

  private syncInBackground(chainId: number): void {
    if (this.stopped) return
    this.sync(chainId).catch((error: unknown) => this.options.onError?.(error))
  }

  private async locked(chain: IndexedChain): Promise<SyncOutcome> {
    const { db } = this.options
    if (db.engine === 'pglite' || this.options.advisoryLock === false) {
      await this.syncChain(chain)
      return 'synced'
    }
    // The lock is held by one connection for the sync; the writes go through others.
    const key = `walletgate-activity:${chain.chainId}`
    return db.session(async (connection) => {
      const { rows } = await connection.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key])
      if (rows[0]?.locked !== true) return 'busy'
      try {
        await this.syncChain(chain)
        return 'synced'
      } finally {
        await connection.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => undefined)
      }
    })
  }

  private async syncChain(chain: IndexedChain): Promise<void> {
    const head = await chain.client.getBlockNumber({ cacheTime: 0 })
    const target = head - BigInt(chain.confirmations ?? DEFAULT_CONFIRMATIONS)
    if (target < 0n) return
    const keepFrom = target - this.reorgWindow + 1n
    await this.rollBackReorganised(chain)
    let refused = 0
    for (let ranges = 0; ranges < this.rangesPerSync; ) {
      const epoch = await this.store.epoch(chain.chainId)
      const group = await this.store.laggingGroup(chain.chainId, target)
      if (!group) break
      const from = group.syncedTo + 1n
      let to = from + this.blocksPerRange - 1n
      if (group.nextSyncedTo !== null && group.nextSyncedTo < to) to = group.nextSyncedTo
      if (target < to) to = target
      const range = await this.scan(chain, epoch, group.accounts, from, to, keepFrom)
      if (range && (await this.store.write(range))) {
        refused = 0
        ranges++
        continue
      }
      if (++refused >= MAX_REFUSED_WRITES) throw new ActivityIndexError(`chain ${chain.chainId} kept changing under the indexer at blocks ${from}-${to}`)
      await this.rollBackReorganised(chain)
    }
    await this.store.pruneBlocks(chain.chainId, keepFrom)
  }

  /** Compares kept block hashes with the node's, newest first; rolls back from the block after the newest that still matches. */
  private async rollBackReorganised(chain: IndexedChain): Promise<void> {
    const kept = await this.store.recentBlocks(chain.chainId, Number(this.reorgWindow))
    if (kept.length === 0) return
    let matched: bigint | null = null
    for (let i = 0; i < kept.length && matched === null; i += REORG_PROBE_BATCH) {
      const batch = kept.slice(i, i + REORG_PROBE_BATCH)
      const hashes = await Promise.all(batch.map((b) => blockHash(chain, b.number)))
      const same = batch.find((b, j) => hashes[j] === b.hash)
      if (same) matched = same.number
    }
    if (matched === kept[0]!.number) return
    await this.store.rollBack(chain.chainId, matched === null ? kept.at(-1)!.number : matched + 1n)
  }

  /** Reads [from, to] for `accounts`; null when the chain changed while it was read. */
  private async scan(chain: IndexedChain, epoch: number, accounts: readonly Address[], from: bigint, to: bigint, keepFrom: bigint): Promise<ScannedRange | null> {
    const { client } = chain
    const numbers: bigint[] = []
    for (let n = from; n <= to; n++) numbers.push(n)
    const [blocks, logged] = await Promise.all([
      Promise.all(numbers.map((blockNumber) => client.getBlock({ blockNumber, includeTransactions: true }))),
      transferLogTransactions(client, accounts, from, to),
    ])
    const followed = new Set(accounts.map((a) => a.toLowerCase()))
    const candidates: { tx: Transaction; block: Block<bigint, true> }[] = []
    for (const block of blocks) {
      for (const tx of block.transactions) {
        if (followed.has(tx.from.toLowerCase()) || (tx.to && followed.has(tx.to.toLowerCase())) || logged.has(tx.hash)) candidates.push({ tx, block })
      }
    }
    const receipts = await Promise.all(candidates.map(({ tx }) => client.getTransactionReceipt({ hash: tx.hash })))
    const rows: (ActivityRow & { account: Address })[] = []
    for (const [i, { tx, block }] of candidates.entries()) {
      const receipt = receipts[i]!
      if (receipt.blockHash !== block.hash) return null
      const facts = chainTransaction(chain.chainId, tx, receipt, block.timestamp)
      const involved = new Set([facts.from, ...facts.transfers.flatMap((t) => [t.from, t.to])].map((a) => a.toLowerCase()).filter((a) => followed.has(a)))
      for (const account of involved) {
        const row = activityRow(getAddress(account), facts)
        if (row) rows.push({ ...row, account: getAddress(account) })
      }
    }
    return {
      chainId: chain.chainId,
      epoch,
      accounts,
      fromBlock: from,
      toBlock: to,
      rows,
      blocks: blocks.filter((b) => b.number >= keepFrom).map((b) => ({ number: b.number, hash: b.hash, parentHash: b.parentHash })),
    }
  }
}

/** The node's hash of block `number`; null when it has no such block (a shorter chain). */
async function blockHash(chain: IndexedChain, number: bigint): Promise<Hex | null> {
  try {
    return (await chain.client.getBlock({ blockNumber: number })).hash.toLowerCase() as Hex
  } catch (error) {
    if (error instanceof BlockNotFoundError) return null
    throw error
  }
}
