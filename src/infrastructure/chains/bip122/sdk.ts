/** The bip122 wing's SDKs (optional peer dependencies): its loads name the one a host did not install. */
import { sdkLoader } from '../missing-sdk'

export const withBitcoinSdk = sdkLoader('bip122', ['@scure/btc-signer', '@noble/curves', '@wallet-standard/app'])
