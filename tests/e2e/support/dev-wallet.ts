import { expect, type Page } from '@playwright/test'

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

/**
 * From Connect to ConnectWallets, which lists every wallet: Connect shows its first rows only when
 * email and socials follow them, and the demo's Devnet wallets are more.
 */
export async function showEveryWallet(page: Page): Promise<void> {
  await page.getByTestId('more-wallets').click()
  await expect(page.getByTestId('view-ConnectWallets')).toBeVisible()
}
