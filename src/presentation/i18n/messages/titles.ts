/**
 * The header's title of the connect views (Connect's is in ./shell.ts), which come with the shell:
 * a visitor who picks a wallet sees its title at once. Every other view's title is in its area's
 * file and comes with its chunk. `viewTitle` reads `title.<ViewName>`.
 */
export const titles = {
  'title.AllWallets': 'All Wallets',
  'title.ConnectingExternal': 'Connecting',
  'title.ConnectingWalletConnect': 'Connecting',
  'title.ConnectingWalletConnectBasic': 'WalletConnect',
  'title.ConnectingFarcaster': 'Farcaster',
  'title.SIWXSignMessage': 'Sign In',
  'title.EmailVerifyOtp': 'Confirm Email',
  'title.EmailVerifyDevice': 'Register Device',
  'title.ConnectingSocial': 'Connecting',
} as const
