import type { ViewLoaders } from '../view-loaders'

const accountView = () => import('../AccountView')

/** The account, receiving to it, and its smart sessions. */
export const views: ViewLoaders = {
  Account: accountView,
  WalletReceive: () => import('../WalletReceiveView'),
  // Reached from Account only: its chunk names the sessions chunk, so the shell's preload map does not.
  SmartSessionList: () => accountView().then((m) => m.loadSessionList()),
  // Reached from Account (or a host's open()): its chunk named by Account's, like the sessions'.
  AccountSettings: () => accountView().then((m) => m.loadAccountSettings()),
}
