/**
 * `walletgate/bitcoin`: the Bitcoin (Wallet Standard and sats-connect wallets; SDKs: @scure/btc-signer, @noble/curves, @wallet-standard/app) chain family. A host that configures a network of this family
 * passes it to the modal, `createWalletModal(config, { families: [bitcoin] })`; a host that does not
 * import this entry point bundles none of its code. Its SDKs are optional peer dependencies of
 * walletgate, installed by the host with this family.
 */
export { bip122 as bitcoin } from '../infrastructure/chains/bip122/wing'
export type { ChainWing } from '../infrastructure/chains/wing'
