import type { Page } from '@playwright/test'

/** How the Devnet Wallet answers requests (see demo/README.md). */
export type DevWalletMode = 'manual' | 'approve' | 'reject' | 'pending'

export interface DevWalletInit {
  mode?: DevWalletMode
  accountIndex?: number
  chainId?: number
  noLegacy?: boolean
  absent?: boolean
}

/** Configures the Devnet Wallet before any page script runs (every navigation of this page). */
export async function initDevWallet(page: Page, init: DevWalletInit): Promise<void> {
  await page.addInitScript((value) => {
    ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = value
  }, init)
}

export async function setDevWalletMode(page: Page, mode: DevWalletMode): Promise<void> {
  await page.waitForFunction(() => 'devWallet' in window)
  await page.evaluate((m) => (window as unknown as { devWallet: { setMode(m: string): void } }).devWallet.setMode(m), mode)
}

export const DEVNET_WALLET_RDNS = 'dev.walletgate.devnet'
