/**
 * The activity indexer's tables (migration 8) over the `Database` port, written once for both
 * engines. Every write of rows is an upsert on (chain, account, transaction), and an account's
 * indexed-to block only moves forward over a range that starts where it stands, in the same
 * transaction as the range's rows: two indexers at once neither duplicate a row nor leave a gap.
 */
import { getAddress, type Address, type Hex } from 'viem'
import type { Database, Queryable } from '../../db/database.js'
import type { ActivityPosition, ActivityToken } from './activity.js'
import type { ActivityRow, ActivityTransfer } from './rows.js'

interface StoredTransfer {
  kind: 'native' | 'erc20' | 'erc721'
  token?: string
  from: string
  to: string
  amount?: string
  tokenId?: string
}

interface RowRecord {
  hash: string
  block_number: string
  block_hash: string
  tx_index: number
  mined_at: string
  sender: string
  recipient: string | null
  nonce: string
  status: 'confirmed' | 'failed'
  transfers: StoredTransfer[] | string
}

/** One range an indexer read, to be written at once. */
export interface ScannedRange {
  readonly chainId: number
  /** The chain's epoch when the range was read. */
  readonly epoch: number
  readonly accounts: readonly Address[]
  readonly fromBlock: bigint
  readonly toBlock: bigint
  readonly rows: readonly (ActivityRow & { readonly account: Address })[]
  /** The hashes of the range's blocks to keep (the recent ones), and each one's parent's. */
  readonly blocks: readonly { readonly number: bigint; readonly hash: Hex; readonly parentHash: Hex }[]
}

const ROWS_PER_INSERT = 200

export class ActivityStore {
  constructor(private readonly db: Database) {}

  /**
   * Follows the account from `fromBlock`, unless the chain already follows `max` accounts: `added`,
   * `known` (followed already) or `full`. Replicas adding at once may pass `max` by a few.
   */
  async follow(chainId: number, account: Address, fromBlock: bigint, nowMs: number, max: number): Promise<'added' | 'known' | 'full'> {
    await this.db.query('INSERT INTO activity_chains (chain_id) VALUES ($1::bigint) ON CONFLICT DO NOTHING', [String(chainId)])
    const { rows } = await this.db.query(
      `INSERT INTO activity_accounts (chain_id, address, synced_to, followed_at)
       SELECT $1::bigint, $2, $3::bigint, $4 WHERE (SELECT count(*) FROM activity_accounts WHERE chain_id = $1::bigint) < $5::bigint
       ON CONFLICT DO NOTHING RETURNING address`,
      [String(chainId), account.toLowerCase(), String(fromBlock - 1n), new Date(nowMs).toISOString(), String(max)],
    )
    if (rows.length > 0) return 'added'
    const known = await this.db.query('SELECT 1 FROM activity_accounts WHERE chain_id = $1::bigint AND address = $2', [String(chainId), account.toLowerCase()])
    return known.rows.length > 0 ? 'known' : 'full'
  }

  async epoch(chainId: number): Promise<number> {
    const { rows } = await this.db.query<{ epoch: number }>('SELECT epoch FROM activity_chains WHERE chain_id = $1::bigint', [String(chainId)])
    return rows[0]?.epoch ?? 0
  }

  /**
   * The followed accounts indexed to the highest block below `target` (those following the head go
   * before those being read from the start block), that block, and the next higher one any account is at.
   */
  async laggingGroup(chainId: number, target: bigint): Promise<{ syncedTo: bigint; accounts: Address[]; nextSyncedTo: bigint | null } | null> {
    const chain = String(chainId)
    const { rows } = await this.db.query<{ synced_to: string; address: string }>(
      `SELECT synced_to::text AS synced_to, address FROM activity_accounts
       WHERE chain_id = $1::bigint AND synced_to = (SELECT max(synced_to) FROM activity_accounts WHERE chain_id = $1::bigint AND synced_to < $2::bigint)
       ORDER BY address`,
      [chain, String(target)],
    )
    const first = rows[0]
    if (!first) return null
    const syncedTo = BigInt(first.synced_to)
    const higher = await this.db.query<{ synced_to: string | null }>('SELECT min(synced_to)::text AS synced_to FROM activity_accounts WHERE chain_id = $1::bigint AND synced_to > $2::bigint', [
      chain,
      String(syncedTo),
    ])
    const next = higher.rows[0]?.synced_to
    return { syncedTo, accounts: rows.map((r) => getAddress(r.address)), nextSyncedTo: next === null || next === undefined ? null : BigInt(next) }
  }

  /** The kept block hashes, newest first. */
  async recentBlocks(chainId: number, limit: number): Promise<{ number: bigint; hash: Hex }[]> {
    const { rows } = await this.db.query<{ number: string; hash: Hex }>('SELECT number::text AS number, hash FROM activity_blocks WHERE chain_id = $1::bigint ORDER BY activity_blocks.number DESC LIMIT $2', [
      String(chainId),
      limit,
    ])
    return rows.map((r) => ({ number: BigInt(r.number), hash: r.hash }))
  }

  /**
   * Writes a range: refused (false) when the chain rolled back since it was read, or when a block
   * of it, or its first block's parent, is kept with another hash (the chain moved under the reader).
   */
  async write(range: ScannedRange): Promise<boolean> {
    const chain = String(range.chainId)
    return this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ epoch: number }>('SELECT epoch FROM activity_chains WHERE chain_id = $1::bigint FOR UPDATE', [chain])
      if (rows[0]?.epoch !== range.epoch) return false
      const kept = await tx.query<{ number: string; hash: string }>(
        'SELECT number::text AS number, hash FROM activity_blocks WHERE chain_id = $1::bigint AND number BETWEEN $2::bigint AND $3::bigint',
        [chain, String(range.fromBlock - 1n), String(range.toBlock)],
      )
      const read = new Map<string, string>()
      for (const block of range.blocks) {
        read.set(String(block.number), block.hash.toLowerCase())
        if (block.number === range.fromBlock) read.set(String(block.number - 1n), block.parentHash.toLowerCase())
      }
      if (kept.rows.some((k) => read.has(k.number) && read.get(k.number) !== k.hash)) return false
      for (let i = 0; i < range.rows.length; i += ROWS_PER_INSERT) await upsertRows(tx, range.rows.slice(i, i + ROWS_PER_INSERT))
      if (range.blocks.length > 0) {
        const params: unknown[] = [chain]
        const values = range.blocks.map((b) => {
          params.push(String(b.number), b.hash.toLowerCase())
          return `($1::bigint, $${params.length - 1}::bigint, $${params.length})`
        })
        await tx.query(`INSERT INTO activity_blocks (chain_id, number, hash) VALUES ${values.join(', ')} ON CONFLICT (chain_id, number) DO NOTHING`, params)
      }
      // Only forward, and only from where the account stands: no range is skipped.
      await tx.query(
        `UPDATE activity_accounts SET synced_to = $4::bigint
         WHERE chain_id = $1::bigint AND address = ANY($2::text[]) AND synced_to >= $3::bigint AND synced_to < $4::bigint`,
        [chain, range.accounts.map((a) => a.toLowerCase()), String(range.fromBlock - 1n), String(range.toBlock)],
      )
      return true
    })
  }

  /** Forgets every row and kept hash from `fromBlock` on (a reorganisation dropped those blocks); its accounts are indexed again from there. */
  async rollBack(chainId: number, fromBlock: bigint): Promise<void> {
    const chain = String(chainId)
    await this.db.transaction(async (tx) => {
      await tx.query('UPDATE activity_chains SET epoch = epoch + 1 WHERE chain_id = $1::bigint', [chain])
      await tx.query('DELETE FROM activity_rows WHERE chain_id = $1::bigint AND block_number >= $2::bigint', [chain, String(fromBlock)])
      await tx.query('DELETE FROM activity_blocks WHERE chain_id = $1::bigint AND number >= $2::bigint', [chain, String(fromBlock)])
      await tx.query('UPDATE activity_accounts SET synced_to = $2::bigint WHERE chain_id = $1::bigint AND synced_to >= $2::bigint', [chain, String(fromBlock - 1n)])
    })
  }

  /** Drops kept hashes of blocks below `belowBlock` (past any reorganisation the indexer watches for). */
  async pruneBlocks(chainId: number, belowBlock: bigint): Promise<void> {
    await this.db.query('DELETE FROM activity_blocks WHERE chain_id = $1::bigint AND number < $2::bigint', [String(chainId), String(belowBlock)])
  }

  /**
   * The account's rows older than `before` (all when null), newest first; `senders` keeps those they
   * sent, `token` those of a token's history (rows.ts `rowHasToken`, as a JSON containment: the
   * filter is a bound parameter, never text of the query).
   */
  async rows(chainId: number, account: Address, before: ActivityPosition | null, limit: number, only: { readonly senders?: readonly Address[]; readonly token?: ActivityToken } = {}): Promise<ActivityRow[]> {
    const params: unknown[] = [String(chainId), account.toLowerCase()]
    let where = 'chain_id = $1::bigint AND account = $2'
    if (before) {
      params.push(String(before.blockNumber), before.index)
      where += ` AND (block_number, tx_index) < ($${params.length - 1}::bigint, $${params.length}::integer)`
    }
    if (only.senders) {
      params.push(only.senders.map((s) => s.toLowerCase()))
      where += ` AND sender = ANY($${params.length}::text[])`
    }
    const token = only.token
    if (token?.kind === 'native') {
      params.push(JSON.stringify([{ kind: 'native' }]))
      where += ` AND transfers @> $${params.length}::jsonb`
    } else if (token?.kind === 'contract') {
      const address = token.address.toLowerCase()
      params.push(JSON.stringify([{ token: address }]), address)
      where += ` AND (transfers @> $${params.length - 1}::jsonb OR (sender = $2 AND recipient = $${params.length}))`
    }
    params.push(limit)
    const { rows } = await this.db.query<RowRecord>(
      `SELECT hash, block_number::text AS block_number, block_hash, tx_index, mined_at::text AS mined_at, sender, recipient, nonce::text AS nonce, status, transfers
       FROM activity_rows r WHERE ${where} ORDER BY r.block_number DESC, r.tx_index DESC LIMIT $${params.length}`,
      params,
    )
    return rows.map((r) => fromRecord(chainId, r))
  }
}

async function upsertRows(tx: Queryable, rows: readonly (ActivityRow & { account: Address })[]): Promise<void> {
  if (rows.length === 0) return
  const params: unknown[] = []
  const values = rows.map((r) => {
    const start = params.length
    params.push(
      String(r.chainId),
      r.account.toLowerCase(),
      r.hash.toLowerCase(),
      String(r.blockNumber),
      r.blockHash.toLowerCase(),
      r.index,
      String(r.timestamp),
      r.from.toLowerCase(),
      r.to?.toLowerCase() ?? null,
      String(r.nonce),
      r.status,
      JSON.stringify(r.transfers.map(toStored)),
    )
    const p = (i: number) => `$${start + i}`
    return `(${p(1)}::bigint, ${p(2)}, ${p(3)}, ${p(4)}::bigint, ${p(5)}, ${p(6)}::integer, ${p(7)}::bigint, ${p(8)}, ${p(9)}, ${p(10)}::bigint, ${p(11)}, ${p(12)}::jsonb)`
  })
  await tx.query(
    `INSERT INTO activity_rows (chain_id, account, hash, block_number, block_hash, tx_index, mined_at, sender, recipient, nonce, status, transfers)
     VALUES ${values.join(', ')}
     ON CONFLICT (chain_id, account, hash) DO UPDATE SET block_number = excluded.block_number, block_hash = excluded.block_hash,
       tx_index = excluded.tx_index, mined_at = excluded.mined_at, sender = excluded.sender, recipient = excluded.recipient,
       nonce = excluded.nonce, status = excluded.status, transfers = excluded.transfers`,
    params,
  )
}

function toStored(t: ActivityTransfer): StoredTransfer {
  const ends = { from: t.from.toLowerCase(), to: t.to.toLowerCase() }
  if (t.kind === 'native') return { kind: 'native', ...ends, amount: String(t.amount) }
  if (t.kind === 'erc20') return { kind: 'erc20', token: t.token.toLowerCase(), ...ends, amount: String(t.amount) }
  return { kind: 'erc721', token: t.token.toLowerCase(), ...ends, tokenId: String(t.tokenId) }
}

function fromStored(t: StoredTransfer): ActivityTransfer {
  const ends = { from: getAddress(t.from), to: getAddress(t.to) }
  if (t.kind === 'native') return { kind: 'native', ...ends, amount: BigInt(t.amount ?? '0') }
  if (t.kind === 'erc20') return { kind: 'erc20', token: getAddress(t.token!), ...ends, amount: BigInt(t.amount ?? '0') }
  return { kind: 'erc721', token: getAddress(t.token!), ...ends, tokenId: BigInt(t.tokenId ?? '0') }
}

function fromRecord(chainId: number, r: RowRecord): ActivityRow {
  const transfers = (typeof r.transfers === 'string' ? JSON.parse(r.transfers) : r.transfers) as StoredTransfer[]
  return {
    chainId,
    hash: r.hash as Hex,
    blockNumber: BigInt(r.block_number),
    blockHash: r.block_hash as Hex,
    index: r.tx_index,
    timestamp: Number(r.mined_at),
    from: getAddress(r.sender),
    to: r.recipient === null ? null : getAddress(r.recipient),
    nonce: Number(r.nonce),
    status: r.status,
    transfers: transfers.map(fromStored),
  }
}
