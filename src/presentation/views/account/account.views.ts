import type { ViewLoaders } from '../view-loaders'

const accountView = () => import('../AccountView')

/** The account, receiving to it, its whole history (Transactions) and its smart sessions. */
export const views: ViewLoaders = {
  Account: accountView,
  WalletReceive: () => import('../WalletReceiveView'),
  // Reached from Account only: its chunk names the sessions chunk, so the shell's preload map does not.
  SmartSessionList: () => accountView().then((m) => m.loadSessionList()),
  // Reached from Account's Activity tab (or a host's open(), which loads Account's chunk first), the same way.
  Transactions: () => accountView().then((m) => m.loadTransactions()),
}
