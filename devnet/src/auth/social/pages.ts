/** Plain pages of the devnet's sign-in flows: the wallet origin's own page and escaping. */
export { escapeHtml } from '../../../../server/src/wallet/mail.js'
export { walletPage as page } from '../../../../server/src/wallet/wallet-server.js'
