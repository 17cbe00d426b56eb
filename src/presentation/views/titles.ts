import type { ViewName } from '../../domain/navigation/views'

const TITLES: Partial<Record<ViewName, string>> = {
  Connect: 'Connect Wallet',
  Account: 'Account',
  AllWallets: 'All Wallets',
  ConnectingExternal: 'Connecting',
  ConnectingWalletConnect: 'Connecting',
  ConnectingWalletConnectBasic: 'WalletConnect',
  ConnectingFarcaster: 'Farcaster',
  UnsupportedChain: 'Switch Network',
  SIWXSignMessage: 'Sign In',
  ApproveTransaction: 'Approve Transaction',
  RegisterAccountName: 'Choose Name',
  RegisterAccountNameSuccess: 'Name Registered',
  Networks: 'Choose Network',
  Send: 'Send',
  SendPreview: 'Review Send',
  Swap: 'Swap',
  SwapPreview: 'Review Swap',
  WalletReceive: 'Receive',
  Transactions: 'Activity',
  OnRamp: 'Buy',
  OnRampProviders: 'Choose Provider',
  EmailVerifyOtp: 'Confirm Email',
  EmailVerifyDevice: 'Register Device',
  UpdateEmailWallet: 'Edit Email',
  UpdateEmailPrimaryOtp: 'Confirm Current Email',
  UpdateEmailSecondaryOtp: 'Confirm New Email',
}

export function viewTitle(view: ViewName): string {
  return TITLES[view] ?? view.replace(/([a-z])([A-Z])/g, '$1 $2')
}
