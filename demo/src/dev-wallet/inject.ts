/**
 * Entry of the Devnet Wallet, loaded by the demo pages like an extension's content script. It only
 * imports the wallet on demand, so the wallet (and the viem it uses) stays out of the page's entry
 * chunk: its own chunk is `devnet-wallet-*.js`.
 */
void import('./devnet-wallet').then(({ install }) => install())
