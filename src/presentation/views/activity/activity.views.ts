import type { ViewLoaders } from '../view-loaders'

/** The account's whole history, by token (the Account view's Activity tab shows its first pages). */
export const views: ViewLoaders = {
  Transactions: () => import('./TransactionsView'),
}
