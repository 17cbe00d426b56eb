import { seriousViolations } from './support/axe'
import { expect, snapshot, test } from './support/fixtures'
import { DEVNET_WALLET_RDNS, initDevWallet, showEveryWallet } from './support/dev-wallet'
import { setTheme } from './support/theme'

for (const mode of ['dark', 'light'] as const) {
  test(`axe finds no serious or critical violation on Connect and AllWallets (${mode})`, async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/')
    await setTheme(page, mode)
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`)).toBeVisible()
    await expect(page.getByTestId('connect-wallet-list').locator('li').nth(1)).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await snapshot(page, `a11y-connect-${mode}`)

    await showEveryWallet(page)
    expect(await seriousViolations(page)).toEqual([])
    await page.getByTestId('all-wallets').click()
    await expect(page.getByTestId('all-wallets-list').locator('li')).toHaveCount(40)
    expect(await seriousViolations(page)).toEqual([])
    await snapshot(page, `a11y-allwallets-${mode}`)
  })
}

test('keyboard only: open, move through the list, connect, close', async ({ page, world }) => {
  await initDevWallet(page, { mode: 'approve' })
  await page.goto('/')
  const button = page.getByTestId('connect-button')
  // Tab from the top of the page to the connect button.
  for (let i = 0; i < 10 && !(await button.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('view-Connect')).toBeVisible()

  // Tab into the wallet list, then arrows move between rows.
  const devnet = page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`)
  for (let i = 0; i < 6 && !(await devnet.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await expect(devnet).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(devnet).not.toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(devnet).toBeFocused()

  // Escape closes, focus returns to the opener; open again and connect with Enter.
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(button).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('view-Connect')).toBeVisible()
  await page.keyboard.press('Tab')
  for (let i = 0; i < 6 && !(await devnet.evaluate((el) => el === (el.getRootNode() as ShadowRoot).activeElement)); i++) {
    await page.keyboard.press('Tab')
  }
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
})

test('Tab stays inside the open dialog', async ({ page }) => {
  await initDevWallet(page, { mode: 'approve' })
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`)).toBeVisible()
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab')
    const inside = await page.evaluate(() => document.activeElement?.hasAttribute('data-walletgate') === true)
    expect(inside, `focus left the modal after ${i + 1} presses`).toBe(true)
  }
})
