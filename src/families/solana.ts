/**
 * `walletgate/solana`: the Solana (Wallet Standard wallets, WalletConnect's solana namespace; SDKs: @solana/web3.js, @solana/wallet-standard-util, @wallet-standard/app) chain family. A host that configures a network of this family
 * passes it to the modal, `createWalletModal(config, { families: [solana] })`; a host that does not
 * import this entry point bundles none of its code. Its SDKs are optional peer dependencies of
 * walletgate, installed by the host with this family.
 */
export { solana } from '../infrastructure/chains/solana/wing'
export type { ChainWing } from '../infrastructure/chains/wing'
