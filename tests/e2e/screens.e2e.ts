/**
 * Every view the demo reaches, in both themes, on a desktop (1280x800) and a phone (360x740):
 * a screenshot of each lands in the e2e artifacts (test-results/screenshots/screens-*), and none
 * may be wider than its sheet (no sideways scrolling inside the modal). One page per size and
 * theme walks the views in order, so the whole tour costs one connect each.
 */
import type { Page } from '@playwright/test'
import { expect, snapshot, test } from './support/fixtures'

interface DemoWindow {
  walletgateDemo: { open(options?: { view?: string }): Promise<void>; close(): void; setThemeMode(mode: 'dark' | 'light'): void }
  devWallet: { setMode(mode: string): void; approve(): boolean; reject(): boolean; moveToChain(id: number): void; waiting: unknown[] }
}

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
] as const

/** Waits for the modal's finite animations (entry, theme) to end; spinners run for ever and are left running. */
function settled(page: Page): Promise<void> {
  return page.evaluate(async () => {
    const root = document.querySelector('[data-walletgate]')?.shadowRoot
    const finite = (root?.getAnimations() ?? []).filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
    await Promise.all(finite.map((a) => a.finished.catch(() => undefined)))
  })
}

/**
 * What inside the modal is wider than its box: the dialog and its panel, and every element that
 * scrolls (a scroller wider than itself scrolls sideways). Each as "<testid or tag> <scrollWidth>><clientWidth>".
 */
function overflowingInModal(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.querySelector('[data-walletgate]')?.shadowRoot
    const panel = root?.querySelector<HTMLElement>('[data-testid="modal-panel"]')
    if (root === undefined || root === null || panel === null || panel === undefined) return ['no modal panel']
    const name = (el: Element) => el.getAttribute('data-testid') ?? `${el.tagName.toLowerCase()}.${el.className}`
    const wide: string[] = []
    const check = (el: Element) => {
      if (el.scrollWidth > el.clientWidth) wide.push(`${name(el)} ${el.scrollWidth}>${el.clientWidth}`)
    }
    const dialog = panel.closest('dialog')
    if (dialog !== null) check(dialog)
    check(panel)
    for (const el of panel.querySelectorAll('*')) {
      const style = getComputedStyle(el)
      if (/auto|scroll/.test(style.overflowX)) check(el)
    }
    return wide
  })
}

for (const size of SIZES) {
  for (const mode of ['dark', 'light'] as const) {
    test(`every view on ${size.name} (${size.width}x${size.height}) in ${mode}: a screenshot each, none wider than its sheet`, async ({ page, world }) => {
      test.setTimeout(120_000)
      await page.setViewportSize({ width: size.width, height: size.height })
      await page.addInitScript(() => {
        ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = { mode: 'manual' }
      })
      await page.goto('/')
      await page.waitForFunction(() => 'devWallet' in window)
      await page.evaluate((m) => (window as unknown as DemoWindow).walletgateDemo.setThemeMode(m), mode)

      const shot = async (name: string) => {
        await settled(page)
        await expect(page.getByTestId('modal')).toHaveClass(new RegExp(`wg-theme-${mode}`))
        await snapshot(page, `screens-${size.name}-${mode}-${name}`)
        expect(await overflowingInModal(page), `${name} is wider than its sheet`).toEqual([])
      }
      const open = (view: string) => page.evaluate((v) => (window as unknown as DemoWindow).walletgateDemo.open({ view: v }), view)

      // Before connecting.
      await page.getByTestId('connect-button').click()
      await expect(page.getByTestId('wallet-dev.walletgate.devnet')).toBeVisible()
      await shot('Connect')
      await open('AllWallets')
      await expect(page.getByTestId('all-wallets-list').locator('li').first()).toBeVisible()
      await shot('AllWallets')
      await open('ConnectingWalletConnectBasic')
      await expect(page.getByTestId('walletconnect-qr')).toBeVisible({ timeout: 20_000 })
      await shot('ConnectingWalletConnectBasic')
      await open('Connect')
      await page.getByTestId('wallet-walletConnect').click()
      await expect(page.getByTestId('view-ConnectingWalletConnect')).toBeVisible()
      await expect(page.getByTestId('walletconnect-qr')).toBeVisible({ timeout: 20_000 })
      await shot('ConnectingWalletConnect')

      // Connecting through the Devnet Wallet's panel: waiting, declined, then approved.
      await open('Connect')
      await page.getByTestId('wallet-dev.walletgate.devnet').click()
      await expect(page.getByTestId('view-ConnectingExternal')).toHaveAttribute('data-status', 'connecting')
      await shot('ConnectingExternal-waiting')
      await page.getByTestId('devnet-wallet-reject').click()
      await expect(page.getByTestId('view-ConnectingExternal')).toHaveAttribute('data-status', 'declined')
      await shot('ConnectingExternal-declined')
      await page.getByTestId('connect-retry').click()
      await page.getByTestId('devnet-wallet-approve').click()
      await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)

      // Connected.
      await open('Account')
      await expect(page.getByTestId('account-balance')).toContainText('ETH')
      await expect(page.getByTestId('token-dUSD')).toBeVisible()
      await shot('Account-Tokens')
      await page.getByTestId('account-tab-NFTs').click()
      await expect(page.getByTestId('account-panel-NFTs')).toBeVisible()
      await shot('Account-NFTs')
      await page.getByTestId('account-tab-Activity').click()
      await expect(page.getByTestId('account-panel-Activity')).toBeVisible()
      await shot('Account-Activity')
      await open('WalletReceive')
      await expect(page.getByTestId('receive-address')).toBeVisible()
      await shot('WalletReceive')
      await open('Send')
      const token = page.getByTestId('send-token')
      await token.selectOption({ label: (await token.locator('option', { hasText: 'ETH ·' }).first().textContent()) ?? '' })
      await page.getByTestId('send-amount').fill('0.01')
      await page.getByTestId('send-receiver').fill(world.accounts[1]!.address)
      await shot('Send')
      await page.getByTestId('send-review').click()
      await expect(page.getByTestId('send-preview-amount')).toBeVisible()
      await shot('SendPreview')
      await open('Networks')
      await shot('Networks')
      await page.getByTestId('network-eip155:31338').click()
      await expect(page.getByTestId('view-SwitchNetwork')).toBeVisible()
      await shot('SwitchNetwork')
      await page.getByTestId('devnet-wallet-reject').click()
      await expect(page.getByTestId('switch-error')).toBeVisible()
      await shot('Networks-switch-declined')
      await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.close())
      await page.evaluate(() => (window as unknown as DemoWindow).devWallet.moveToChain(1))
      await expect(page.getByTestId('view-UnsupportedChain')).toBeVisible()
      await shot('UnsupportedChain')
    })
  }
}
