/**
 * Entry of the Devnet Wallet, loaded by the demo pages like an extension's content script. It only
 * imports the wallet on demand, so the wallet (and the viem it uses) stays out of the page's entry
 * chunk: its own chunk is `devnet-wallet-*.js`. The install call is explicit because the package is
 * marked side-effect free (a bare top-level call could be dropped by the bundler). With
 * `window.__devWalletInit = { absent: true }` nothing of the wallet is even fetched.
 */
const init = (window as { __devWalletInit?: { absent?: boolean } }).__devWalletInit
if (init?.absent !== true) {
  import('./devnet-wallet')
    .then(({ install }) => install())
    .catch((error: unknown) => console.error('Devnet Wallet failed to load', error))
}
