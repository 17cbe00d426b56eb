/**
 * The blockchain service's answers for the Solana devnet (`solana:<genesis ref>`): balances of SOL
 * and the devnet's SPL tokens with the price table, and history built from the Solana server's own
 * transaction records (SOL transfers from the system program's transfer instructions, SPL transfers
 * from the token balances before and after), in the same shapes as eip155 (docs/service-api.md).
 */
import { formatUnits } from 'viem'
import { DEVNET_FUNGIBLES, DEVNET_SOLANA_TOKENS, DEVNET_SOLANA_SOL_PRICE, SOLANA_DEVNET_CAIP_NETWORK_ID } from '../config'
import type { SolanaLedger, TxRecord } from '../chains/solana/chain'
import { decodeBase58 } from '../../../server/src/index.js'
import { HISTORY_PAGE_SIZE, type Transaction } from './indexer'

/** The system program's address (its transfers are SOL transfers). */
const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111'
const SOL = { name: 'Solana', symbol: 'SOL', decimals: 9, price: DEVNET_SOLANA_SOL_PRICE }
const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

interface SplMeta {
  name: string
  symbol: string
  decimals: number
  price?: number
}

/** Name, symbol and price of a mint: the devnet's tokens take their EVM twin's price. */
function splMeta(ledger: SolanaLedger, mint: string): SplMeta | null {
  const known = DEVNET_SOLANA_TOKENS.find((t) => t.mint === mint)
  if (known) {
    const price = DEVNET_FUNGIBLES.find((f) => f.symbol === known.symbol)?.price
    return { name: known.name, symbol: known.symbol, decimals: known.decimals, ...(price !== undefined ? { price } : {}) }
  }
  const decimals = ledger.mintDecimalsOf(mint)
  return decimals === null ? null : { name: `SPL token ${mint.slice(0, 4)}…${mint.slice(-4)}`, symbol: mint.slice(0, 4), decimals }
}

export function isSolanaDevnet(caipNetworkId: string): boolean {
  return caipNetworkId === SOLANA_DEVNET_CAIP_NETWORK_ID
}

export function isSolanaAddress(value: string): boolean {
  return BASE58_ADDRESS.test(value)
}

/**
 * Reads a Solana account of a request: a CAIP-10 `solana:<ref>:<address>` or a bare base58 address
 * with a `solana:<ref>` chain id. Returns the network it names and the address; null if not Solana.
 */
export function parseSolanaAccount(account: string, chainParam: string | null): { network: string | null; address: string } | null {
  const parts = account.trim().split(':')
  if (parts.length === 3 && parts[0] === 'solana') return { network: `solana:${parts[1]}`, address: parts[2]! }
  if (parts.length === 1 && isSolanaAddress(parts[0]!) && !parts[0]!.startsWith('0x')) {
    if (chainParam && !chainParam.startsWith('solana:')) return null
    return { network: chainParam, address: parts[0]! }
  }
  return null
}

interface Movement {
  kind: 'sol' | 'spl'
  mint?: string
  from: string
  to: string
  amount: bigint
}

/** SOL moved by top-level system transfers, and SPL moved per owner (token balances after minus before). */
function movements(r: TxRecord): Movement[] {
  const out: Movement[] = []
  for (const ix of r.instructions) {
    if (r.accountKeys[ix.programIdIndex] !== SYSTEM_PROGRAM_ADDRESS) continue
    const data = Buffer.from(decodeBase58(ix.data))
    if (data.length !== 12 || data.readUInt32LE(0) !== 2) continue
    out.push({ kind: 'sol', from: r.accountKeys[ix.accounts[0]!]!, to: r.accountKeys[ix.accounts[1]!]!, amount: data.readBigUInt64LE(4) })
  }
  const deltas = new Map<string, Map<string, bigint>>()
  const add = (mint: string, owner: string, amount: bigint): void => {
    const m = deltas.get(mint) ?? new Map<string, bigint>()
    m.set(owner, (m.get(owner) ?? 0n) + amount)
    deltas.set(mint, m)
  }
  for (const b of r.preTokenBalances) add(b.mint, b.owner, -BigInt(b.uiTokenAmount.amount))
  for (const b of r.postTokenBalances) add(b.mint, b.owner, BigInt(b.uiTokenAmount.amount))
  for (const [mint, owners] of deltas) {
    const senders = [...owners].filter(([, d]) => d < 0n)
    const receivers = [...owners].filter(([, d]) => d > 0n)
    for (const [to, amount] of receivers) out.push({ kind: 'spl', mint, from: senders[0]?.[0] ?? mint, to, amount })
    if (receivers.length === 0) for (const [from, d] of senders) out.push({ kind: 'spl', mint, from, to: mint, amount: -d })
  }
  return out
}

function toTransaction(ledger: SolanaLedger, r: TxRecord, me: string, iconUrl: (symbol: string) => string): Transaction {
  const mine = movements(r).filter((m) => m.from === me || m.to === me)
  const transfers: Transaction['transfers'] = []
  for (const m of mine) {
    const meta = m.kind === 'sol' ? SOL : splMeta(ledger, m.mint!)
    if (!meta) continue
    const direction: 'in' | 'out' | 'self' = m.from === me && m.to === me ? 'self' : m.from === me ? 'out' : 'in'
    const numeric = formatUnits(m.amount, meta.decimals)
    transfers.push({
      fungible_info: { name: meta.name, symbol: meta.symbol, icon: { url: iconUrl(meta.symbol) } },
      direction,
      quantity: { numeric },
      ...(meta.price !== undefined ? { price: meta.price, value: Number(numeric) * meta.price } : {}),
      sender: m.from,
      recipient: m.to,
    })
  }
  const payer = r.accountKeys[0]!
  const sentByMe = payer === me
  const operationType: Transaction['metadata']['operationType'] = sentByMe
    ? transfers.length > 0 && transfers.every((t) => t.direction !== 'in')
      ? 'send'
      : 'execute'
    : 'receive'
  const first = mine[0]
  return {
    id: r.signature,
    metadata: {
      operationType,
      hash: r.signature,
      minedAt: new Date(r.blockTime * 1000).toISOString(),
      sentFrom: first?.from ?? payer,
      sentTo: first?.to ?? r.accountKeys[r.instructions[0]?.programIdIndex ?? 0] ?? payer,
      status: r.err === null ? 'confirmed' : 'failed',
      nonce: 0,
      chain: SOLANA_DEVNET_CAIP_NETWORK_ID,
    },
    transfers,
  }
}

/** Newest first, 20 a page; the cursor is the signature the next page starts after. */
export function solanaHistory(
  ledger: SolanaLedger,
  owner: string,
  cursor: string | null,
  iconUrl: (symbol: string) => string,
): { data: Transaction[]; next: string | null } {
  let all = ledger.signaturesFor(owner)
  if (cursor) {
    const i = all.findIndex((r) => r.signature === cursor)
    all = i === -1 ? [] : all.slice(i + 1)
  }
  const page = all.slice(0, HISTORY_PAGE_SIZE)
  return {
    data: page.map((r) => toTransaction(ledger, r, owner, iconUrl)),
    next: all.length > HISTORY_PAGE_SIZE ? page[page.length - 1]!.signature : null,
  }
}
