/**
 * Transactions list filters (spec section 4): spam is dropped and the list is kept to the
 * connected chain. A transaction is spam when it has transfers and every one is a spam-flagged
 * NFT. One without transfers (a contract call: the Activity tab's "Contract interaction" row) is activity,
 * not spam: nothing in it was flagged.
 */
import type { Transaction, TransactionTransfer } from './transaction'

export function isSpamTransfer(transfer: TransactionTransfer): boolean {
  return transfer.nft_info?.flags.is_spam === true
}

export function isSpamTransaction(transaction: Pick<Transaction, 'transfers'>): boolean {
  return transaction.transfers.length > 0 && transaction.transfers.every(isSpamTransfer)
}

/** Drops spam and keeps transactions of `chain` (a CAIP-2 id) only. */
export function filterTransactions(transactions: readonly Transaction[], chain: string): Transaction[] {
  return transactions.filter((t) => t.metadata.chain === chain && !isSpamTransaction(t))
}
