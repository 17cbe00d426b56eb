/**
 * The standalone build's entry: the same public API as `walletgate`, bundled with React and every
 * dependency into one ES module plus its lazy chunks, for a plain HTML page without a bundler
 * (`<script type="module">import { createWalletModal } from './walletgate.js'</script>`).
 */
export * from './index'
