/**
 * An account's history on a Solana network through its standard JSON-RPC: the signatures that
 * touched the account (`getSignaturesForAddress`, newest first, 20 a page, the cursor the last
 * signature of the page) and each transaction (`getTransaction`, `jsonParsed`), read in one batch.
 * A row's transfers are the account's SOL transfers (the system program's `transfer`s it made or took;
 * where there are none, its balance change, the fee it paid left out) and its balance change in each
 * SPL mint it holds an account of, whatever program moved it. The counterparty is
 * the other side of a `transfer`/`transferChecked` instruction where one names it. Rows are in the
 * wire's shape (docs/service-api.md); a token the list does not name shows its mint.
 */
import { formatUnits } from 'viem'
import { decodeBase58 } from '../base58.js'
import { ChainDataError, type ChainDataRequest } from '../chain-data.js'
import type { NativeCurrency } from './evm-balances.js'
import type { ListedMint } from './solana-chain-data.js'
import { rpcBatch } from './json-rpc-batch.js'
import type { HistoryToken } from './history-token.js'

const PAGE_SIZE = 20
const SYSTEM_PROGRAM = '11111111111111111111111111111111'

type Row = {
  id: string
  metadata: { operationType: 'send' | 'receive' | 'execute'; hash: string; minedAt: string; sentFrom: string; sentTo: string; status: 'confirmed' | 'failed'; nonce: number; chain: string }
  transfers: { fungible_info: { name: string; symbol: string; icon: { url: string } }; direction: 'in' | 'out'; quantity: { numeric: string }; sender?: string; recipient?: string }[]
}

interface ParsedTransaction {
  readonly blockTime?: number | null
  readonly meta?: {
    readonly err: unknown
    readonly fee: number
    readonly preBalances: readonly number[]
    readonly postBalances: readonly number[]
    readonly preTokenBalances?: readonly TokenBalance[]
    readonly postTokenBalances?: readonly TokenBalance[]
  } | null
  readonly transaction: {
    readonly signatures: readonly string[]
    readonly message: { readonly accountKeys: readonly { readonly pubkey: string }[]; readonly instructions: readonly Instruction[] }
  }
}

interface TokenBalance {
  readonly accountIndex: number
  readonly mint: string
  readonly owner?: string
  readonly uiTokenAmount: { readonly amount: string; readonly decimals: number }
}

interface Instruction {
  readonly programId?: string
  readonly parsed?: { readonly type?: string; readonly info?: Record<string, unknown> }
}

/** The lamports the account's top-level SOL transfers brought in less those they sent; undefined when it made or took none. */
function systemTransfers(tx: ParsedTransaction, owner: string): bigint | undefined {
  let net: bigint | undefined
  for (const instruction of tx.transaction.message.instructions) {
    const info = instruction.parsed?.info
    if (instruction.programId !== SYSTEM_PROGRAM || instruction.parsed?.type !== 'transfer' || info === undefined) continue
    if (typeof info.lamports !== 'number' || !Number.isSafeInteger(info.lamports) || info.lamports < 0) continue
    const lamports = BigInt(info.lamports)
    if (info.destination === owner) net = (net ?? 0n) + lamports
    if (info.source === owner) net = (net ?? 0n) - lamports
  }
  return net
}

/** A transaction signature: base58 of 64 bytes. */
function isSignature(value: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(value)) return false
  try {
    return decodeBase58(value).length === 64
  } catch {
    return false
  }
}

/** The calls' results; throws when one of them failed. */
async function rpc(urls: readonly string[], calls: readonly { method: string; params: unknown[] }[]): Promise<unknown[]> {
  if (calls.length === 0) return []
  return (await rpcBatch(urls, calls)).map((answer, i) => {
    if (answer.error !== undefined) throw new Error(`${calls[i]!.method} failed: ${answer.error.message ?? 'no answer'}`)
    return answer.result
  })
}

export interface SolanaActivityOptions {
  readonly chainId: string
  readonly rpcUrls: readonly string[]
  readonly native: NativeCurrency
  readonly tokens: readonly ListedMint[]
  readonly iconUrl: (symbol: string, request: ChainDataRequest) => string
}

export class SolanaActivity {
  constructor(private readonly options: SolanaActivityOptions) {}

  /**
   * A page of 20 signatures' rows; with `token`, only the rows that moved it (SOL, or the mint), so
   * a filtered page may hold fewer rows than 20, or none, and still have a `next`. The cursor is
   * the page's last signature; the filter is applied to every page, so no cursor reads past it.
   */
  async page(owner: string, cursor: string | null, request: ChainDataRequest, token?: HistoryToken): Promise<{ data: Row[]; next: string | null }> {
    if (cursor !== null && !isSignature(cursor)) throw new ChainDataError(400, 'Invalid cursor')
    const [signatures] = (await rpc(this.options.rpcUrls, [
      { method: 'getSignaturesForAddress', params: [owner, { limit: PAGE_SIZE + 1, ...(cursor === null ? {} : { before: cursor }), commitment: 'confirmed' }] },
    ])) as [{ signature: string }[]]
    const page = signatures.slice(0, PAGE_SIZE)
    const transactions = (await rpc(
      this.options.rpcUrls,
      page.map(({ signature }) => ({ method: 'getTransaction', params: [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0, commitment: 'confirmed' }] })),
    )) as (ParsedTransaction | null)[]
    const data = transactions.flatMap((tx) => {
      if (tx === null || tx.meta == null) return []
      const { row, moved } = this.row(owner, tx, request)
      return token === undefined || moved.has(token.kind === 'native' ? 'native' : token.address) ? [row] : []
    })
    return { data, next: signatures.length > PAGE_SIZE ? (page.at(-1)?.signature ?? null) : null }
  }

  /** The account's row of `tx`, and what it moved: `native` and each mint. */
  private row(owner: string, tx: ParsedTransaction, request: ChainDataRequest): { row: Row; moved: ReadonlySet<string> } {
    const meta = tx.meta!
    const keys = tx.transaction.message.accountKeys.map((key) => key.pubkey)
    const payer = keys[0] ?? ''
    const transfers: Row['transfers'] = []
    const moved = new Set<string>()
    const counterparty = this.counterparties(tx)

    const me = keys.indexOf(owner)
    if (me !== -1) {
      // What the account's SOL transfers moved, where it made or took any: the rent a transfer puts
      // into an account it creates (the receiver's token account) is a cost, like the fee, not a
      // transfer. Otherwise (a program moved it) its balance change, the fee left out.
      const change = systemTransfers(tx, owner) ?? BigInt(meta.postBalances[me] ?? 0) - BigInt(meta.preBalances[me] ?? 0) + (me === 0 ? BigInt(meta.fee) : 0n)
      if (change !== 0n) {
        transfers.push(this.transfer(this.options.native, change, counterparty.get('native'), owner, request))
        moved.add('native')
      }
    }
    const held = new Map<string, { decimals: number; change: bigint }>()
    for (const [balances, sign] of [[meta.preTokenBalances ?? [], -1n], [meta.postTokenBalances ?? [], 1n]] as const) {
      for (const balance of balances) {
        if (balance.owner !== owner || !/^\d{1,40}$/.test(balance.uiTokenAmount.amount)) continue
        const entry = held.get(balance.mint) ?? { decimals: balance.uiTokenAmount.decimals, change: 0n }
        entry.change += sign * BigInt(balance.uiTokenAmount.amount)
        held.set(balance.mint, entry)
      }
    }
    for (const [mint, { decimals, change }] of held) {
      if (change === 0n) continue
      moved.add(mint)
      const listed = this.options.tokens.find((token) => token.mint === mint)
      transfers.push(this.transfer(listed ?? { name: mint, symbol: mint.slice(0, 4), decimals }, change, counterparty.get(mint), owner, request, listed?.logoURI))
    }

    const first = transfers[0]
    const operationType = payer === owner ? (transfers.length > 0 && transfers.every((t) => t.direction === 'out') ? 'send' : 'execute') : 'receive'
    const signature = tx.transaction.signatures[0] ?? ''
    const row: Row = {
      id: signature,
      metadata: {
        operationType,
        hash: signature,
        minedAt: new Date((tx.blockTime ?? 0) * 1000).toISOString(),
        sentFrom: first?.sender ?? payer,
        sentTo: first?.recipient ?? tx.transaction.message.instructions[0]?.programId ?? payer,
        status: meta.err === null ? 'confirmed' : 'failed',
        nonce: 0,
        chain: this.options.chainId,
      },
      transfers,
    }
    return { row, moved }
  }

  private transfer(token: { name: string; symbol: string; decimals: number }, change: bigint, other: { from: string; to: string } | undefined, owner: string, request: ChainDataRequest, logo?: string): Row['transfers'][number] {
    const direction = change > 0n ? 'in' : 'out'
    return {
      fungible_info: { name: token.name, symbol: token.symbol, icon: { url: logo ?? this.options.iconUrl(token.symbol, request) } },
      direction,
      quantity: { numeric: formatUnits(change < 0n ? -change : change, token.decimals) },
      ...(other === undefined ? {} : { sender: other.from, recipient: other.to }),
      ...(other === undefined && direction === 'out' ? { sender: owner } : {}),
      ...(other === undefined && direction === 'in' ? { recipient: owner } : {}),
    }
  }

  /** Who sent to whom, by `native` or mint, where a parsed transfer instruction names it (owners, not token accounts). */
  private counterparties(tx: ParsedTransaction): Map<string, { from: string; to: string }> {
    const found = new Map<string, { from: string; to: string }>()
    const keys = tx.transaction.message.accountKeys.map((key) => key.pubkey)
    const owners = new Map<string, { owner: string; mint: string }>()
    for (const balance of [...(tx.meta?.preTokenBalances ?? []), ...(tx.meta?.postTokenBalances ?? [])]) {
      const account = keys[balance.accountIndex]
      if (account !== undefined && balance.owner !== undefined) owners.set(account, { owner: balance.owner, mint: balance.mint })
    }
    for (const instruction of tx.transaction.message.instructions) {
      const info = instruction.parsed?.info
      const type = instruction.parsed?.type
      if (info === undefined || (type !== 'transfer' && type !== 'transferChecked')) continue
      if (typeof info.lamports === 'number' && typeof info.source === 'string' && typeof info.destination === 'string') {
        found.set('native', found.get('native') ?? { from: info.source, to: info.destination })
        continue
      }
      const source = typeof info.source === 'string' ? owners.get(info.source) : undefined
      const destination = typeof info.destination === 'string' ? owners.get(info.destination) : undefined
      const mint = source?.mint ?? destination?.mint
      if (mint !== undefined && source !== undefined && destination !== undefined && !found.has(mint)) found.set(mint, { from: source.owner, to: destination.owner })
    }
    return found
  }
}
