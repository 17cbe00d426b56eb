/**
 * A pending transaction the client creates right after sending. It carries the transfers the
 * client built, so the spam filter never drops it; the service's confirmed entry later replaces
 * it (same lowercase-hash id).
 */
import type { Transaction, TransactionOperationType, TransactionTransfer } from './transaction'
import { transactionId } from './merge-transactions'

export interface PendingTransactionInput {
  hash: string
  /** CAIP-2 chain id. */
  chain: string
  sentFrom: string
  sentTo: string
  nonce: number
  transfers: TransactionTransfer[]
  operationType?: TransactionOperationType
  nowMs: number
}

export function createPendingTransaction(input: PendingTransactionInput): Transaction {
  return {
    id: transactionId(input.hash),
    metadata: {
      operationType: input.operationType ?? 'send',
      hash: input.hash,
      minedAt: new Date(input.nowMs).toISOString(),
      sentFrom: input.sentFrom,
      sentTo: input.sentTo,
      status: 'pending',
      nonce: input.nonce,
      chain: input.chain,
    },
    transfers: input.transfers,
  }
}
