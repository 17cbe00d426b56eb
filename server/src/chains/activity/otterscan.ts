/**
 * Activity read from a node's Otterscan API (Erigon, Reth and Anvil serve it), exact: the node
 * finds every transaction in which the account sent, received or was called
 * (`ots_searchTransactionsBefore`) and traces the native transfers inside its calls
 * (`ots_getInternalOperations`); `eth_getLogs` with the account in the `Transfer` topics finds the
 * token transfers of transactions the account took no part in as a caller or callee. Nothing is
 * stored: every page is read afresh from the node's current chain, so a reorganised block's
 * transactions are gone from the next page.
 */
import { formatTransaction, formatTransactionReceipt, getAddress, MethodNotFoundRpcError, MethodNotSupportedRpcError, type Address, type Hex, type PublicClient, type Transaction, type TransactionReceipt } from 'viem'
import {
  activityAccount,
  activityFilterTag,
  decodeActivityCursor,
  EMPTY_ACTIVITY_PAGE,
  encodeActivityCursor,
  pageLimit,
  type ActivityPage,
  type ActivityPageRequest,
  type ActivityPosition,
  type ActivitySource,
} from './activity.js'
import { presented, type ActivityPresentation } from './present.js'
import { chainTransaction, transferLogTransactions, type ActivityChain } from './reads.js'
import { activityRow, newestFirst, olderThan, rowHasToken, type ActivityRow, type ActivityTransfer } from './rows.js'

export interface OtterscanActivityOptions extends ActivityPresentation {
  /** Chains whose nodes serve the Otterscan API (`ots_getApiLevel` 8). */
  readonly chains: readonly ActivityChain[]
  /** Blocks one `eth_getLogs` covers at most (default 100,000). */
  readonly logBlockRange?: number
}

const DEFAULT_LOG_BLOCK_RANGE = 100_000n
/** Block windows one page reads at most; a page that found fewer rows hands on a cursor to read on. */
const MAX_WINDOWS_PER_PAGE = 16

interface OtsSearchPage {
  txs: Record<string, unknown>[]
  receipts: Record<string, unknown>[]
  lastPage: boolean
}

interface OtsOperation {
  type: number
  from: string
  to: string
  value: string
}

/** The node's Otterscan operation types that move the native coin: transfer, self-destruct, create, create2. */
const VALUE_OPERATIONS = new Set([0, 1, 2, 3])

type Rpc = (args: { method: string; params: unknown[] }) => Promise<unknown>
const rpc = (client: PublicClient) => client.request as unknown as Rpc

interface Found {
  tx: Transaction
  receipt: TransactionReceipt
}

/** The Otterscan API level this source needs (Erigon, Reth and Anvil serve 8). */
export const OTTERSCAN_API_LEVEL = 8

/**
 * The node's Otterscan API level (`ots_getApiLevel`), or null when the node answers that it has no
 * such method; a node that does not answer at all rejects (it says nothing either way).
 */
export async function otterscanApiLevel(client: PublicClient): Promise<number | null> {
  try {
    const level = await rpc(client)({ method: 'ots_getApiLevel', params: [] })
    return typeof level === 'number' && Number.isInteger(level) ? level : null
  } catch (error) {
    if (error instanceof MethodNotFoundRpcError || error instanceof MethodNotSupportedRpcError) return null
    throw error
  }
}

export class OtterscanActivity implements ActivitySource {
  private readonly chains: ReadonlyMap<number, ActivityChain>
  private readonly logBlockRange: bigint

  constructor(private readonly options: OtterscanActivityOptions) {
    this.chains = new Map(options.chains.map((c) => [c.chainId, c]))
    this.logBlockRange = BigInt(options.logBlockRange ?? DEFAULT_LOG_BLOCK_RANGE)
  }

  async page(request: ActivityPageRequest): Promise<ActivityPage> {
    const chain = this.chains.get(request.chainId)
    const account = activityAccount(request.account)
    const filter = activityFilterTag(request)
    const position = request.cursor ? decodeActivityCursor(request.cursor, account, request.chainId, filter) : null
    if (!chain) return EMPTY_ACTIVITY_PAGE
    const senders = new Set((chain.onrampSenders ?? []).map((a) => a.toLowerCase()))
    if (request.onrampOnly && senders.size === 0) return EMPTY_ACTIVITY_PAGE
    const limit = pageLimit(request.limit)
    const client = chain.client

    const head = await client.getBlockNumber({ cacheTime: 0 })
    let upper = position ? (position.blockNumber < head ? position.blockNumber : head) : head
    let searched: { found: Map<Hex, Found>; low: bigint } | null = null
    const rows: ActivityRow[] = []
    let windows = 0
    while (rows.length <= limit && upper >= 0n && windows < MAX_WINDOWS_PER_PAGE) {
      windows++
      if (searched === null || upper < searched.low) searched = await this.search(client, account, upper, upper === head)
      const low = maxOf(searched.low, upper - this.logBlockRange + 1n, 0n)
      const inWindow = [...searched.found.values()].filter(({ receipt }) => receipt.blockNumber >= low && receipt.blockNumber <= upper)
      const viaLogs = [...(await transferLogTransactions(client, [account], low, upper))].filter((hash) => !searched!.found.has(hash))
      const candidates = await Promise.all([
        ...inWindow.map(async (f) => ({ ...f, internal: await this.internalTransfers(client, f) })),
        ...viaLogs.map(async (hash) => {
          const [tx, receipt] = await Promise.all([client.getTransaction({ hash }), client.getTransactionReceipt({ hash })])
          return { tx, receipt, internal: undefined }
        }),
      ])
      const times = await blockTimes(client, candidates.map((c) => c.receipt.blockNumber))
      const found = candidates
        .map((c) => activityRow(account, chainTransaction(chain.chainId, c.tx, c.receipt, times.get(c.receipt.blockNumber)!, c.internal)))
        .filter((row): row is ActivityRow => row !== null)
        .filter((row) => position === null || olderThan(row, position))
        .filter((row) => !request.onrampOnly || senders.has(row.from.toLowerCase()))
        .filter((row) => request.token === undefined || rowHasToken(row, account, request.token))
        .sort(newestFirst)
      rows.push(...found)
      upper = low - 1n
    }
    const page = rows.slice(0, limit)
    const last = page.at(-1)
    let next: ActivityPosition | null = null
    if (rows.length > limit && last) next = last
    // The page stopped at its window bound before the account's oldest block: read on from there.
    else if (upper >= 0n && rows.length <= limit && windows >= MAX_WINDOWS_PER_PAGE) next = { blockNumber: upper + 1n, index: 0 }
    return {
      data: await presented(account, chain.chainId, chain.native, page, this.options),
      next: next === null ? null : encodeActivityCursor(account, chain.chainId, next, filter),
    }
  }

  /**
   * The transactions the node finds for the account in blocks up to `upper`, and the lowest block
   * down to which that list is complete (the node completes the oldest block it answers with).
   */
  private async search(client: PublicClient, account: Address, upper: bigint, atHead: boolean): Promise<{ found: Map<Hex, Found>; low: bigint }> {
    // 0 asks from the newest block; otherwise the search is of blocks before the one given.
    const before = atHead ? 0 : Number(upper + 1n)
    const answer = (await rpc(client)({ method: 'ots_searchTransactionsBefore', params: [account, before, 25] })) as OtsSearchPage
    const found = new Map<Hex, Found>()
    let low = upper + 1n
    answer.txs.forEach((raw, i) => {
      const tx = formatTransaction(raw as never)
      const receipt = formatTransactionReceipt(answer.receipts[i] as never)
      if (receipt.transactionHash !== tx.hash || receipt.blockNumber > upper) return
      found.set(tx.hash, { tx, receipt })
      if (receipt.blockNumber < low) low = receipt.blockNumber
    })
    return { found, low: answer.lastPage ? 0n : low }
  }

  /**
   * The native transfers inside the transaction's calls. A node that lists the top-level call among
   * them (Anvil does, Erigon does not) has it first: it is left out, the top-level value being counted once.
   */
  private async internalTransfers(client: PublicClient, { tx, receipt }: Found): Promise<ActivityTransfer[]> {
    if (receipt.status !== 'success') return []
    const ops = (await rpc(client)({ method: 'ots_getInternalOperations', params: [tx.hash] })) as OtsOperation[]
    const to = tx.to ?? receipt.contractAddress
    const first = ops[0]
    const inner = first && to && sameAddress(first.from, tx.from) && sameAddress(first.to, to) && BigInt(first.value) === tx.value ? ops.slice(1) : ops
    return inner
      .filter((op) => VALUE_OPERATIONS.has(op.type) && BigInt(op.value) > 0n)
      .map((op) => ({ kind: 'native', from: getAddress(op.from), to: getAddress(op.to), amount: BigInt(op.value) }) as const)
  }
}

function sameAddress(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase()
}

function maxOf(...values: bigint[]): bigint {
  return values.reduce((a, b) => (a > b ? a : b))
}

async function blockTimes(client: PublicClient, numbers: readonly bigint[]): Promise<Map<bigint, bigint>> {
  const unique = [...new Set(numbers)]
  const blocks = await Promise.all(unique.map((blockNumber) => client.getBlock({ blockNumber })))
  return new Map(blocks.map((block, i) => [unique[i]!, block.timestamp]))
}
