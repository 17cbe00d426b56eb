/** The Connect view and its email field; the other connect views' texts are in ./connecting.ts. */
export const connect = {
  'connect.getWallet': 'Get a wallet',
  'connect.wallets': 'Wallets',
  'connect.allWallets': 'All Wallets',
  'connect.whatIsWallet': 'What is a wallet?',
  'connect.whatIsWalletText':
    'A wallet is an app that keeps your crypto and the keys to it. Connecting it shows this site your address; nothing is signed or sent unless you approve it in the wallet, and the site never sees your keys.',
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
  'connect.continue': 'Continue',
} as const
