/** The polkadot wing's SDKs (optional peer dependencies): its loads name the one a host did not install. */
import { sdkLoader } from '../missing-sdk'

export const withPolkadotSdk = sdkLoader('polkadot', ['@polkadot/util-crypto', '@polkadot/util'])
