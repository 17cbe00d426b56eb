/**
 * The row set, defined once: what a source reads of a transaction (its sender, its recipient, its
 * top-level native value, the native transfers inside its calls where the source sees them, and its
 * ERC-20 and ERC-721 `Transfer` logs) becomes one account's row, or none. Both sources build a
 * {@link ChainTransaction} and pass it through {@link activityRow}, so they cannot disagree on which
 * transactions are listed or which transfers a row carries, nor on their order.
 */
import { decodeAbiParameters, getAddress, type Address, type Hex } from 'viem'

export const TRANSFER_TOPIC: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'

export type ActivityTransfer =
  | { readonly kind: 'native'; readonly from: Address; readonly to: Address; readonly amount: bigint }
  | { readonly kind: 'erc20'; readonly token: Address; readonly from: Address; readonly to: Address; readonly amount: bigint }
  | { readonly kind: 'erc721'; readonly token: Address; readonly from: Address; readonly to: Address; readonly tokenId: bigint }

/** One mined transaction as a source read it. */
export interface ChainTransaction {
  readonly chainId: number
  readonly hash: Hex
  readonly blockNumber: bigint
  readonly blockHash: Hex
  readonly index: number
  /** Seconds since the epoch. */
  readonly timestamp: number
  readonly from: Address
  /** The recipient, or the contract a creation made. */
  readonly to: Address | null
  readonly nonce: number
  readonly status: 'confirmed' | 'failed'
  /**
   * In this order: the top-level native value (when it moved), the native transfers inside the
   * calls (Otterscan only), then the token `Transfer` logs in log order. A failed transaction has none.
   */
  readonly transfers: readonly ActivityTransfer[]
}

/** A transaction as one account's row: only the account's own transfers. */
export type ActivityRow = ChainTransaction

const same = (a: Address | null, b: Address) => a !== null && a.toLowerCase() === b.toLowerCase()

/**
 * The account's row of `tx`, or null when the account neither sent it nor has a transfer in it (a
 * call someone else made to the account that moved nothing of its own is no activity of its own).
 */
export function activityRow(account: Address, tx: ChainTransaction): ActivityRow | null {
  const transfers = tx.transfers.filter((t) => same(t.from, account) || same(t.to, account))
  if (!same(tx.from, account) && transfers.length === 0) return null
  return { ...tx, transfers }
}

export interface LogLike {
  readonly address: Address
  readonly topics: readonly Hex[]
  readonly data: Hex
}

/** The ERC-20 or ERC-721 transfer a `Transfer` log records, or null for any other log. */
export function transferOfLog(log: LogLike): ActivityTransfer | null {
  if (log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC || (log.topics.length !== 3 && log.topics.length !== 4)) return null
  const word = (topic: Hex | undefined) => (topic !== undefined && /^0x[0-9a-fA-F]{64}$/.test(topic) ? topic : null)
  const fromWord = word(log.topics[1])
  const toWord = word(log.topics[2])
  if (fromWord === null || toWord === null) return null
  const from = getAddress(`0x${fromWord.slice(26)}`)
  const to = getAddress(`0x${toWord.slice(26)}`)
  const token = getAddress(log.address)
  if (log.topics.length === 4) {
    const id = word(log.topics[3])
    return id === null || log.data !== '0x' ? null : { kind: 'erc721', token, from, to, tokenId: BigInt(id) }
  }
  if (log.data.length !== 66) return null
  const [amount] = decodeAbiParameters([{ type: 'uint256' }], log.data)
  return { kind: 'erc20', token, from, to, amount }
}

/** The transfers of a mined transaction, in the order {@link ChainTransaction} defines. */
export function transfersOf(tx: {
  readonly status: 'confirmed' | 'failed'
  readonly from: Address
  readonly to: Address | null
  readonly value: bigint
  readonly internal?: readonly ActivityTransfer[]
  readonly logs: readonly LogLike[]
}): ActivityTransfer[] {
  if (tx.status !== 'confirmed') return []
  const transfers: ActivityTransfer[] = []
  if (tx.value > 0n && tx.to !== null) transfers.push({ kind: 'native', from: getAddress(tx.from), to: getAddress(tx.to), amount: tx.value })
  transfers.push(...(tx.internal ?? []))
  for (const log of tx.logs) {
    const transfer = transferOfLog(log)
    if (transfer) transfers.push(transfer)
  }
  return transfers
}

/** Newest first: a higher block, then a higher index within it. */
export function newestFirst(a: { blockNumber: bigint; index: number }, b: { blockNumber: bigint; index: number }): number {
  if (a.blockNumber !== b.blockNumber) return a.blockNumber > b.blockNumber ? -1 : 1
  return b.index - a.index
}

/** Whether `row` comes after (is older than) the position a cursor names. */
export function olderThan(row: { blockNumber: bigint; index: number }, position: { blockNumber: bigint; index: number }): boolean {
  return row.blockNumber < position.blockNumber || (row.blockNumber === position.blockNumber && row.index < position.index)
}

/**
 * Whether the account's row belongs to a token's history: it moved that token (the native coin, or
 * the contract's ERC-20 or ERC-721 tokens), or, for a contract, the account sent it a call (an
 * approval, a transfer that failed). The one rule of both sources and of the indexer's query.
 */
export function rowHasToken(row: ActivityRow, account: Address, token: { readonly kind: 'native' } | { readonly kind: 'contract'; readonly address: Address }): boolean {
  if (token.kind === 'native') return row.transfers.some((t) => t.kind === 'native')
  return row.transfers.some((t) => t.kind !== 'native' && same(t.token, token.address)) || (same(row.from, account) && same(row.to, token.address))
}
