/**
 * The demo as a person tries it: the Devnet Wallet's panel answered with the mouse and with the
 * keyboard while the modal is open over the page, and the page on a 360 px phone once connected.
 */
import type { Page } from '@playwright/test'
import { initDevWallet } from './support/dev-wallet'
import { expect, snapshot, test } from './support/fixtures'

const devWalletChainId = (page: Page) =>
  page.evaluate(() => (window as unknown as { devWallet: { chainId: number } }).devWallet.chainId)

test.describe('the demo', () => {
  test('the Devnet Wallet panel is answered with the mouse alone, then with the keyboard, while the modal is open', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'manual' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-dev.walletgate.devnet').click()
    await expect(page.getByTestId('view-ConnectingExternal')).toHaveAttribute('data-status', 'connecting')
    await expect(page.getByRole('dialog')).toBeVisible()
    // A real click at the button's place: nothing may lie over it, and it must not be inert.
    const approve = page.getByTestId('devnet-wallet-approve')
    const box = await approve.boundingBox()
    expect(box).not.toBeNull()
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2)
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)

    // The next request takes the focus like a wallet's popup: Enter approves it.
    await page.getByRole('button', { name: 'Account', exact: true }).click()
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-eip155:31338').click()
    await expect(page.getByTestId('view-SwitchNetwork')).toBeVisible()
    await expect(approve).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('view-Account')).toBeVisible()
    expect(await devWalletChainId(page)).toBe(31338)

    // Escape in the panel declines (the modal stays open), and the focus comes back into the modal.
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-eip155:31337').click()
    await expect(approve).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('view-Networks')).toBeVisible()
    await expect(page.getByTestId('switch-error')).toHaveText('The network switch was declined in your wallet.')
    expect(await devWalletChainId(page)).toBe(31338)
    await expect
      .poll(() => page.evaluate(() => document.querySelector('[data-walletgate]')?.shadowRoot?.activeElement?.tagName ?? 'none'))
      .not.toBe('none')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
  })

  test('the page fits a 360 px phone once connected', async ({ page, world }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-dev.walletgate.devnet').click()
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
    await expect(page.getByRole('dialog')).toBeHidden()
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }))
    await snapshot(page, 'demo-connected-360')
    expect(widths.scroll, 'the page scrolls sideways').toBeLessThanOrEqual(widths.client)
  })
})
