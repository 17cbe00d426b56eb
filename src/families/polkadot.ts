/**
 * `walletgate/polkadot`: the Polkadot (injected extensions; SDKs: @polkadot/util, @polkadot/util-crypto) chain family. A host that configures a network of this family
 * passes it to the modal, `createWalletModal(config, { families: [polkadot] })`; a host that does not
 * import this entry point bundles none of its code. Its SDKs are optional peer dependencies of
 * walletgate, installed by the host with this family.
 */
export { polkadot } from '../infrastructure/chains/polkadot/wing'
export type { ChainWing } from '../infrastructure/chains/wing'
