/** The Connect view and its email field; the other connect views' texts are in ./connecting.ts. */
export const connect = {
  'connect.getWallet': 'Get a wallet',
  'connect.wallets': 'Wallets',
  'connect.allWallets': 'All Wallets',
  'connect.moreWallets': 'More wallets',
  'connect.continueWithWallet': 'Continue with a wallet',
  // Reached from Connect's "More wallets" or "Continue with a wallet": its title is here by then.
  'title.ConnectWallets': 'Connect Wallet',
  'connect.whatIsWallet': 'What is a wallet?',
  'connect.noWalletInBrowser': 'No wallet in this browser',
  'connect.noWalletInBrowserText': 'Open your wallet app from the list below, or get one.',
  'connect.noWalletInstalled': 'No wallet installed',
  'connect.scanOrInstall': "Scan a QR code with your phone's wallet (WalletConnect), or pick a browser wallet to install.",
  'connect.needBrowserWallet': 'You need a browser wallet to connect. Pick one to install, then come back.',
  'connect.tag.Installed': 'Installed',
  'connect.tag.Recent': 'Recent',
  'connect.tag.Featured': 'Featured',
  'connect.tag.Recommended': 'Recommended',
  'connect.getThisWallet': 'Get this wallet',
  'connect.email': 'Email',
  'connect.continueWithEmail': 'Continue with email',
  /** A login with a passkey of the embedded wallet (added from Account), no code. */
  'connect.passkey': 'Continue with a passkey',
  'connect.continue': 'Continue',
} as const
