import type { ViewLoaders } from '../view-loaders'

const accountView = () => import('../AccountView')

/** The account, receiving to it, its whole history (Transactions), its smart sessions, profile and settings. */
export const views: ViewLoaders = {
  Account: accountView,
  WalletReceive: () => import('../WalletReceiveView'),
  // Reached from Account only: its chunk names the sessions chunk, so the shell's preload map does not.
  SmartSessionList: () => accountView().then((m) => m.loadSessionList()),
  // The same for the profile's views: Profile opens from Account's header.
  Profile: () => accountView().then((m) => m.loadProfile('Profile')),
  ChooseAccountName: () => accountView().then((m) => m.loadProfile('ChooseAccountName')),
  SwitchAccountType: () => accountView().then((m) => m.loadProfile('SwitchAccountType')),
  // Reached from Account (or a host's open()): its chunk named by Account's, like the sessions'.
  AccountSettings: () => accountView().then((m) => m.loadAccountSettings()),
  // Reached from Account's Activity tab (or a host's open(), which loads Account's chunk first), the same way.
  Transactions: () => accountView().then((m) => m.loadTransactions()),
}
