/**
 * The profile: opened from the Account header, the address copied, a name registered with the
 * Devnet Wallet (account 8, which no other spec names) then picked in ChooseAccountName; the
 * embedded wallet's smart account switched to its EOA through SwitchAccountType; Profile opened by
 * the host page, connected and not. axe checks each of the three views in light and dark.
 */
import type { Page } from '@playwright/test'
import { expect, snapshot, test } from './support/fixtures'
import { connectDevWallet, openAccount, seriousAxeViolations } from './support/account-helpers'
import { fresh, signIn } from './support/embedded-login'

const ACCOUNT = 8

type DemoWindow = { walletgateDemo: { open(options?: { view?: string }): Promise<void>; setThemeMode(mode: 'dark' | 'light'): void } }

const openView = (page: Page, view: string) => page.evaluate((v) => (window as unknown as DemoWindow).walletgateDemo.open({ view: v }), view)

/** No serious or critical axe violation on the view as it is, in light then in dark. */
async function axeInBothThemes(page: Page, view: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((m) => (window as unknown as DemoWindow).walletgateDemo.setThemeMode(m), mode)
    await expect(page.getByTestId('modal')).toHaveClass(new RegExp(`wg-theme-${mode}`))
    expect(await seriousAxeViolations(page), `${view} in ${mode}`).toEqual([])
    await snapshot(page, `profile-${view}-${mode}`)
  }
}

test('Profile from the header: the address copied, a name registered then picked in ChooseAccountName', async ({ page, context, world }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.baseUrl })
  const address = world.accounts[ACCOUNT]!.address
  const name = `profile-${Date.now().toString(36)}`
  await connectDevWallet(page, { accountIndex: ACCOUNT })

  await page.getByTestId('account-open-profile').click()
  await expect(page.getByTestId('view-Profile')).toBeVisible()
  await expect(page.getByTestId('profile-title')).toHaveText(address)
  await expect(page.getByTestId('profile-address-eip155').getByTestId('profile-address-value')).toHaveText(address)
  await expect(page.getByTestId('names-empty')).toBeVisible()
  await page.getByTestId('profile-address-eip155').getByTestId('profile-copy-address').click()
  await expect(page.getByTestId('snack')).toHaveText(/Address copied/)
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address)
  await axeInBothThemes(page, 'Profile')

  // Register a name from Profile: signed by the wallet, checked by the devnet's name registry.
  await page.getByTestId('profile-register-name').click()
  await page.getByTestId('name-input').fill(name)
  await expect(page.getByTestId(`name-suggestion-${name}.wg.id`)).toContainText('Available')
  await page.getByTestId('name-register').click()
  await expect(page.getByTestId('view-RegisterAccountNameSuccess')).toContainText(`${name}.wg.id`)
  await page.getByTestId('name-success-done').click()
  await openAccount(page)

  await page.getByTestId('account-open-profile').click()
  await expect(page.getByTestId('profile-title')).toHaveText(`${name}.wg.id`)
  await expect(page.getByTestId(`name-${name}.wg.id`)).toContainText('Primary')
  await page.getByTestId('profile-choose-name').click()
  await expect(page.getByTestId('view-ChooseAccountName')).toBeVisible()
  const row = page.getByTestId(`choose-name-${name}.wg.id`)
  await expect(row).toHaveAttribute('aria-pressed', 'true')
  await row.click()
  await expect(page.getByTestId('name-chosen')).toHaveText(`${name}.wg.id is now the name shown for this account.`)
  await axeInBothThemes(page, 'ChooseAccountName')

  // The host page opens Profile itself.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('modal-panel')).toBeHidden()
  await openView(page, 'Profile')
  await expect(page.getByTestId('view-Profile')).toBeVisible()
  await expect(page.getByTestId('profile-title')).toHaveText(`${name}.wg.id`)
})

test('SwitchAccountType: the embedded smart account switches to its EOA, each type explained', async ({ page, world }) => {
  await page.goto('/')
  const smart = await signIn(page, world, fresh('profile'))
  await page.getByTestId('connect-button').click()
  await page.getByTestId('account-open-profile').click()
  await expect(page.getByTestId('profile-account-type-value')).toHaveText('Smart account')
  await page.getByTestId('profile-switch-type').click()
  await expect(page.getByTestId('view-SwitchAccountType')).toBeVisible()
  await expect(page.getByTestId('account-type-option-smartAccount').getByTestId('account-type-current')).toBeVisible()
  await expect(page.getByTestId('account-type-option-eoa')).toContainText('A plain account controlled by one private key')
  await axeInBothThemes(page, 'SwitchAccountType')

  await page.getByTestId('account-type-use-eoa').click()
  await expect(page.getByTestId('account-type-status')).toHaveText('Now using: EOA.')
  await expect(page.getByTestId('account-type-option-eoa').getByTestId('account-type-current')).toBeVisible()
  await expect(page.getByTestId('demo-account')).not.toContainText(smart)
})

test('the host opens Profile with nothing connected: a way to connect, not an empty profile', async ({ page }) => {
  await page.goto('/')
  await page.waitForFunction(() => 'walletgateDemo' in window)
  await openView(page, 'Profile')
  await expect(page.getByTestId('view-Profile').getByTestId('profile-not-connected')).toContainText('Connect a wallet to see its profile.')
  await page.getByTestId('profile-connect').click()
  await expect(page.getByTestId('view-Connect')).toBeVisible()
})
