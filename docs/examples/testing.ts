import { expect, test, type Page } from '@playwright/test'

// The modal renders inside an open shadow root: Playwright's locators pierce it, so views and
// rows are found by their test ids like any element of the page.
async function connectBrowserWallet(page: Page, walletRdns: string): Promise<void> {
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('view-Connect')).toBeVisible()
  await page.getByTestId(`wallet-${walletRdns}`).click()
  await expect(page.getByTestId('view-Connect')).toBeHidden()
}

test('a visitor connects their wallet', async ({ page }) => {
  await page.goto('http://127.0.0.1:5173/')
  await connectBrowserWallet(page, 'dev.walletgate.devnet')
  await expect(page.getByTestId('demo-account')).not.toHaveText('Not connected')
})
