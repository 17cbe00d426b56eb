/**
 * The project's allow-list of host origins, as the blockchain service publishes it
 * (`/projects/v1/origins`), and the matcher the embedded wallet's frame uses for the same list.
 */
export { originAllowed } from '../../../../src/infrastructure/embedded-wallet/frame-protocol'
export { DEVNET_ALLOWED_ORIGINS } from '../../config'
