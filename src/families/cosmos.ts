/**
 * `walletgate/cosmos`: the Cosmos (Keplr-style wallets; SDKs: @cosmjs/amino, @cosmjs/crypto, @cosmjs/encoding) chain family. A host that configures a network of this family
 * passes it to the modal, `createWalletModal(config, { families: [cosmos] })`; a host that does not
 * import this entry point bundles none of its code. Its SDKs are optional peer dependencies of
 * walletgate, installed by the host with this family.
 */
export { cosmos } from '../infrastructure/chains/cosmos/wing'
export type { ChainWing } from '../infrastructure/chains/wing'
