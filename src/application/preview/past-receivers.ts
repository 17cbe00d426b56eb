import type { Transaction } from '../../domain/transactions/transaction'
import type { ActivityState } from '../activity/activity-store'

/**
 * The addresses `account` sent tokens to in its loaded history, or undefined when that history is
 * not whole (not loaded, or more pages left): "a first transfer" is only said when it is known.
 */
export function pastReceivers(state: ActivityState, account: string): readonly string[] | undefined {
  if (state.status !== 'ready' || state.next !== null) return undefined
  const me = account.toLowerCase()
  return state.transactions.flatMap((tx: Transaction) =>
    tx.metadata.sentFrom.toLowerCase() !== me
      ? []
      : tx.transfers.filter((t) => t.direction === 'out').map((t) => t.recipient ?? tx.metadata.sentTo),
  )
}
