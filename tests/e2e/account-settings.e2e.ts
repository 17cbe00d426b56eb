import type { Page } from '@playwright/test'
import { connectDevWallet, openAccount } from './support/account-helpers'
import { seriousViolations } from './support/axe'
import { setTheme } from './support/theme'
import { expect, snapshot, test } from './support/fixtures'
import type { E2eWorld } from './support/world'

/**
 * The AccountSettings view and the display currency, on the devnet: its rates come from the
 * service's price feeds (GET /v1/fiat/rates), so what the modal shows is checked against the
 * service's own answers, not against numbers written here.
 */

const SDK = 'projectId=walletgate-test&st=walletgate&sv=e2e'

async function serviceJson<T>(world: E2eWorld, path: string): Promise<T> {
  const response = await fetch(`${world.serviceUrl}${path}${path.includes('?') ? '&' : '?'}${SDK}`)
  expect(response.status).toBe(200)
  return (await response.json()) as T
}

/** What the service says one dollar buys of `code`, and the account's native and dUSD values in dollars. */
async function serviceFigures(world: E2eWorld, code: string): Promise<{ rate: number; native: number; dusd: number }> {
  const { rates } = await serviceJson<{ rates: Record<string, number> }>(world, '/v1/fiat/rates?base=USD')
  const address = world.accounts[0]!.address
  const { balances } = await serviceJson<{ balances: { symbol: string; address?: string; value: number }[] }>(world, `/v1/account/eip155:31337:${address}/balance?currency=usd&chainId=eip155:31337`)
  const native = balances.find((b) => b.symbol === 'ETH')
  const dusd = balances.find((b) => b.symbol === 'dUSD')
  expect(rates[code], `the service prices ${code}`).toBeGreaterThan(0)
  return { rate: rates[code]!, native: native!.value, dusd: dusd!.value }
}

/** How the modal (en-US in the test browser) writes `usd` dollars in `code` at `rate`. */
function money(usd: number, code: string, rate: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: code, numberingSystem: 'latn' }).format(String(usd * rate) as Intl.StringNumericLiteral)
}

async function openSettings(page: Page): Promise<void> {
  await openAccount(page)
  await page.getByRole('button', { name: 'Account settings' }).click()
  await expect(page.getByTestId('view-AccountSettings')).toBeVisible()
}

test.describe('account settings', () => {
  test('choose EUR: the total and a token row in euros at the service rate, still after a reload; sign out there', async ({ page, world }) => {
    await connectDevWallet(page)
    await expect(page.getByTestId('account-fiat')).toHaveText(/^\$/)
    await openSettings(page)
    await expect(page.getByTestId('settings-currency-USD').locator('input')).toBeChecked()

    await page.getByTestId('settings-currency-EUR').click()
    await expect(page.getByTestId('settings-currency-EUR').locator('input')).toBeChecked()
    await expect(page.getByTestId('settings-currency-hint')).toBeVisible()
    const { rate, native, dusd } = await serviceFigures(world, 'EUR')
    await page.getByTestId('modal-back').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('account-fiat')).toHaveText(money(native, 'EUR', rate))
    await expect(page.getByTestId('token-dUSD')).toContainText(money(dusd, 'EUR', rate))

    // Remembered: a new page load (the wallet reconnects) shows euros again.
    await page.reload()
    await expect(page.getByTestId('demo-account')).not.toHaveText('Not connected')
    await openAccount(page)
    await expect(page.getByTestId('account-fiat')).toHaveText(money(native, 'EUR', rate))

    // Sign out from the settings: the connection ends and the modal closes.
    await page.getByRole('button', { name: 'Account settings' }).click()
    await page.getByTestId('view-AccountSettings').getByTestId('disconnect-button').click()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })

  test("a host's GBP is shown until the visitor picks another; opened with nothing connected it offers Connect", async ({ page, world }) => {
    await page.addInitScript(() => {
      ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = { mode: 'approve' }
    })
    await page.goto('/?currency=GBP')
    // Straight from the host page onto the settings, not connected: it says so and leads to Connect.
    await page.evaluate(() => (window as unknown as { walletgateDemo: { open(o: { view: string }): Promise<void> } }).walletgateDemo.open({ view: 'AccountSettings' }))
    await expect(page.getByTestId('view-AccountSettings')).toContainText('Connect a wallet to see its account.')
    await page.getByTestId('account-connect').click()
    await page.getByTestId('wallet-dev.walletgate.devnet').click()
    await expect(page.getByTestId('demo-account')).not.toHaveText('Not connected')
    await openAccount(page)
    const { rate, native } = await serviceFigures(world, 'GBP')
    await expect(page.getByTestId('account-fiat')).toHaveText(money(native, 'GBP', rate))
    await openSettings(page)
    await expect(page.getByTestId('settings-currency-GBP').locator('input')).toBeChecked()
  })

  for (const mode of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation on AccountSettings (${mode})`, async ({ page }) => {
      await connectDevWallet(page)
      await page.keyboard.press('Escape')
      await expect(page.getByRole('dialog')).toBeHidden()
      await setTheme(page, mode)
      await openSettings(page)
      await expect(page.getByTestId('settings-currency-hint')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await snapshot(page, `account-settings-${mode}`)
    })
  }
})
