/** The solana wing's SDKs (optional peer dependencies): its loads name the one a host did not install. */
import { sdkLoader } from '../missing-sdk'

export const withSolanaSdk = sdkLoader('solana', ['@solana/web3.js', '@wallet-standard/app'])
