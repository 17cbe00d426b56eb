/**
 * Transactions list filters (spec section 4): spam is dropped and the list is kept to the
 * connected chain. A transaction is spam when it has no transfers or every transfer is a
 * spam-flagged NFT. Pending entries the client creates carry the transfers it built, so they
 * are never taken for spam.
 */
import type { Transaction, TransactionTransfer } from '../entities'

export function isSpamTransfer(transfer: TransactionTransfer): boolean {
  return transfer.nft_info?.flags.is_spam === true
}

export function isSpamTransaction(transaction: Pick<Transaction, 'transfers'>): boolean {
  return transaction.transfers.length === 0 || transaction.transfers.every(isSpamTransfer)
}

/** Drops spam and keeps transactions of `chain` (a CAIP-2 id) only. */
export function filterTransactions(transactions: readonly Transaction[], chain: string): Transaction[] {
  return transactions.filter((t) => t.metadata.chain === chain && !isSpamTransaction(t))
}
