/** What both sources read from a node the same way: token `Transfer` logs of accounts, and a mined transaction's facts. */
import { getAddress, numberToHex, pad, type Address, type Hex, type PublicClient, type Transaction, type TransactionReceipt } from 'viem'
import type { NativeCurrency } from '../evm-balances.js'
import { transfersOf, TRANSFER_TOPIC, type ActivityTransfer, type ChainTransaction } from './rows.js'

/** One chain a source reads. */
export interface ActivityChain {
  /** The eip155 chain id. */
  readonly chainId: number
  readonly client: PublicClient
  readonly native: NativeCurrency
  /** Who pays on-ramp purchases on this chain: `onrampOnly` keeps the transactions they sent (none without it). */
  readonly onrampSenders?: readonly Address[]
}

/** Accounts one `eth_getLogs` names at most (a node's limit on a topic list). */
const ACCOUNTS_PER_LOG_QUERY = 100

export interface RawLog {
  readonly transactionHash: Hex
  readonly blockNumber: Hex
}

/** The hashes of the transactions in [fromBlock, toBlock] with a `Transfer` log from or to one of `accounts`. */
export async function transferLogTransactions(client: PublicClient, accounts: readonly Address[], fromBlock: bigint, toBlock: bigint): Promise<Set<Hex>> {
  const hashes = new Set<Hex>()
  if (accounts.length === 0 || toBlock < fromBlock) return hashes
  const queries: Promise<RawLog[]>[] = []
  for (let i = 0; i < accounts.length; i += ACCOUNTS_PER_LOG_QUERY) {
    const topics = accounts.slice(i, i + ACCOUNTS_PER_LOG_QUERY).map((a) => pad(a.toLowerCase() as Hex, { size: 32 }))
    const range = { fromBlock: numberToHex(fromBlock), toBlock: numberToHex(toBlock) }
    for (const filter of [[TRANSFER_TOPIC, topics], [TRANSFER_TOPIC, null, topics]] as const) {
      queries.push(client.request({ method: 'eth_getLogs', params: [{ ...range, topics: filter as unknown as Hex[] }] }) as Promise<RawLog[]>)
    }
  }
  for (const logs of await Promise.all(queries)) for (const log of logs) hashes.add(log.transactionHash)
  return hashes
}

/** A mined transaction's facts from the node's transaction, receipt and block time (and the internal transfers an Otterscan node traced). */
export function chainTransaction(chainId: number, tx: Transaction, receipt: TransactionReceipt, timestamp: bigint, internal?: readonly ActivityTransfer[]): ChainTransaction {
  const status = receipt.status === 'success' ? 'confirmed' : 'failed'
  const to = tx.to ? getAddress(tx.to) : receipt.contractAddress ? getAddress(receipt.contractAddress) : null
  return {
    chainId,
    hash: tx.hash,
    blockNumber: receipt.blockNumber,
    blockHash: receipt.blockHash,
    index: receipt.transactionIndex,
    timestamp: Number(timestamp),
    from: getAddress(tx.from),
    to,
    nonce: tx.nonce,
    status,
    transfers: transfersOf({ status, from: tx.from, to, value: tx.value, logs: receipt.logs, ...(internal ? { internal } : {}) }),
  }
}
