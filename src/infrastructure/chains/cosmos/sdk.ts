/** The cosmos wing's SDKs (optional peer dependencies): its loads name the one a host did not install. */
import { sdkLoader } from '../missing-sdk'

export const withCosmosSdk = sdkLoader('cosmos', ['@cosmjs/amino', '@cosmjs/crypto', '@cosmjs/encoding'])
