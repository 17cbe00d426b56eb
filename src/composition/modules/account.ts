import type { FeatureModule } from '../feature-module'


/**
 * What a connected visitor needs beyond the connect views: account, balances, networks, send and
 * activity, one chunk bound when a wallet connects (it starts the network rules) or one of these
 * views opens.
 */
export const account: FeatureModule = {
  id: 'account',
  loads: {
    onConnect: true,
    whenViewOpens: [
      'Account',
      'AccountSettings',
      'Networks',
      'SwitchNetwork',
      'UnsupportedChain',
      'WalletReceive',
      // The visitor's profile: addresses, names and account type.
      'Profile',
      'ChooseAccountName',
      'SwitchAccountType',
      'Send',
      'SendPreview',
      'ApproveTransaction',
      'Transactions',
      // The email wallet's settings (the email module's views) use the account's bindings.
      'UpdateEmailWallet',
      'UpdateEmailPrimaryOtp',
      'UpdateEmailSecondaryOtp',
    ],
  },
  after: ['connect'],
  bind: () => import('../bindings/account-hub').then((hub) => hub.accountBindings()).then((m) => m.bindAccount),
}
