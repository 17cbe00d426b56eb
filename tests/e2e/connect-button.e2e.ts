/**
 * The host page's ConnectButton as a visitor meets it: in Arabic and in Japanese, "Connect Wallet"
 * in the page's language before connecting, then the network, the account's avatar and short
 * address, and its balance once connected; axe on the host page in both themes. A returning visitor
 * never sees "Connect Wallet" while the wallet reconnects after a reload.
 */
import type { Page } from '@playwright/test'
import { expect, snapshot, test } from './support/fixtures'
import { seriousViolations } from './support/axe'

type DemoWindow = { walletgateDemo: { setThemeMode(mode: 'dark' | 'light'): void } }

const LANGUAGES = [
  { lang: 'ar', connect: 'ربط المحفظة' },
  { lang: 'ja', connect: 'ウォレットを接続' },
] as const

/** Every text the button showed since the page started, recorded from the first script on. */
async function recordButtonTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __buttonTexts: string[] }).__buttonTexts = seen
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="connect-button"]')?.textContent
      if (text !== undefined && text !== null && seen.at(-1) !== text) seen.push(text)
    }).observe(document, { subtree: true, childList: true, characterData: true })
  })
}

async function connect(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('wallet-dev.walletgate.devnet').click()
  await expect(page.getByTestId('demo-account')).not.toHaveText('Not connected')
  await page.keyboard.press('Escape')
}

for (const { lang, connect: label } of LANGUAGES) {
  test(`ConnectButton in ${lang}: its label, then network, avatar, short address and balance; axe in both themes`, async ({ page, world }) => {
    await page.addInitScript(() => {
      ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = { mode: 'approve' }
    })
    await page.goto(`/?lang=${lang}`)
    const button = page.getByTestId('connect-button')
    await expect(button).toHaveText(label)
    await expect(button).toHaveCSS('border-radius', /px$/)

    await connect(page)
    const address = world.accounts[0]!.address
    await expect(button).toContainText(`${address.slice(0, 6)}…${address.slice(-4)}`)
    await expect(button.locator('svg')).toBeVisible()
    // The balance as the page's language writes numbers, with its symbol (the devnet funds account 0).
    const balance = button.getByTestId('account-button-balance')
    await expect(balance).toContainText('ETH')
    const digits = lang === 'ar' ? /[٠-٩0-9]/ : /[0-9]/
    await expect(balance).toHaveText(digits)
    await expect(page.getByTestId('network-button')).toHaveAccessibleName('Devnet A')

    for (const mode of ['light', 'dark'] as const) {
      await page.evaluate((m) => (window as unknown as DemoWindow).walletgateDemo.setThemeMode(m), mode)
      await expect(button).toHaveAttribute('data-theme', mode)
      expect(await seriousViolations(page), `${lang} ${mode}`).toEqual([])
      await snapshot(page, `connect-button-${lang}-${mode}`)
    }

    // The network button opens Networks; the account button opens Account.
    await page.getByTestId('network-button').click()
    await expect(page.getByTestId('view-Networks')).toBeVisible()
    await page.keyboard.press('Escape')
    await button.click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
  })
}

test('a returning visitor never sees "Connect Wallet" while the wallet reconnects after a reload', async ({ page }) => {
  await page.addInitScript(() => {
    ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = { mode: 'approve' }
  })
  await page.goto('/')
  await connect(page)
  await expect(page.getByTestId('account-button-balance')).toContainText('ETH')

  await recordButtonTexts(page)
  await page.reload()
  await expect(page.getByTestId('account-button-balance')).toContainText('ETH')
  const texts = await page.evaluate(() => (window as unknown as { __buttonTexts: string[] }).__buttonTexts)
  expect(texts.length).toBeGreaterThan(0)
  expect(texts.filter((text) => text.includes('Connect Wallet'))).toEqual([])
})
