/**
 * The standalone build's entry: the same public API as `walletgate`, bundled with React and every
 * dependency into one ES module plus its lazy chunks, for a plain HTML page without a bundler
 * (`<script type="module">import { createWalletModal } from './walletgate.js'</script>`). It
 * exports every chain family (`solana`, `bitcoin`, `polkadot`, `cosmos`), each loading its SDK
 * only on its path; a page passes the ones it uses in `families` of `createWalletModal`.
 */
export * from './index'
export { solana } from './families/solana'
export { bitcoin } from './families/bitcoin'
export { polkadot } from './families/polkadot'
export { cosmos } from './families/cosmos'
