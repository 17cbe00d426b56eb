/** The page's Wallet Standard registry (`@wallet-standard/app`), imported when discovery starts. */
import { getWallets } from '@wallet-standard/app'
import type { WalletRegistry } from './wallet-standard'

export function pageRegistry(): WalletRegistry {
  return getWallets() as unknown as WalletRegistry
}
