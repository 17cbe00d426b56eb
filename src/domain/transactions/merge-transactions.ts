/**
 * A transaction's id is its lowercase hash; a repeated id replaces the older entry (the one that
 * arrived first), keeping that entry's place in the list.
 */
import type { Transaction } from './transaction'

/** The id of a transaction with hash `hash`. */
export function transactionId(hash: string): string {
  return hash.toLowerCase()
}

/** Merges `incoming` into `existing`; later entries replace earlier ones with the same id. */
export function mergeTransactions(
  existing: readonly Transaction[],
  incoming: readonly Transaction[] = [],
): Transaction[] {
  // A Map keeps a key's first insertion position when its value is replaced.
  const byId = new Map<string, Transaction>()
  for (const t of [...existing, ...incoming]) {
    const id = transactionId(t.id)
    byId.set(id, t.id === id ? t : { ...t, id })
  }
  return [...byId.values()]
}
