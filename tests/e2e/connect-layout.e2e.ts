import type { Page } from '@playwright/test'
import type { WalletModal } from 'walletgate'
import { seriousViolations } from './support/axe'
import { initDevWallet, showEveryWallet } from './support/dev-wallet'
import { expect, snapshot, test } from './support/fixtures'

type DemoWindow = { walletgateDemo: WalletModal }

/**
 * `count` browser wallets announced over EIP-6963 (no Devnet Wallet), with names that differ only
 * at their end, as two editions of one wallet do.
 */
async function announceWallets(page: Page, count: number): Promise<void> {
  await initDevWallet(page, { absent: true })
  await page.addInitScript((n) => {
    const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg" width="8" height="8"%3E%3Crect width="8" height="8" fill="%2399f"/%3E%3C/svg%3E'
    const editions = ['Polkadot', 'Cosmos Hub', 'Bitcoin Regtest', 'Solana Devnet', 'Ethereum', 'Arbitrum One', 'Optimism', 'Base Sepolia']
    const wallets = Array.from({ length: n }, (_, i) => ({
      info: { uuid: `00000000-0000-4000-8000-00000000000${i}`, rdns: `test.layout.w${i}`, name: `Devnet Wallet (${editions[i % editions.length]})`, icon },
      provider: { request: () => Promise.resolve([]), on: () => undefined, removeListener: () => undefined },
    }))
    const announce = () => {
      for (const detail of wallets) window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze(detail) }))
    }
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }, count)
}

/** Nothing scrolled, and the element's box inside the 640 px tall viewport. */
async function inSightWithoutScrolling(page: Page, testId: string): Promise<void> {
  const element = page.getByTestId(testId)
  await expect(element).toBeVisible()
  const box = (await element.boundingBox())!
  expect(box.y + box.height, `${testId} ends inside the viewport`).toBeLessThanOrEqual(640)
  const scrolled = await page.getByTestId('modal-panel').evaluate((panel) => [panel, ...panel.querySelectorAll('*')].some((el) => el.scrollTop > 0))
  expect(scrolled, 'nothing is scrolled').toBe(false)
}

/** The wallet names and tags whose text is cut (wider than their box). */
async function cutTexts(page: Page): Promise<string[]> {
  return page
    .getByTestId('modal-panel')
    .evaluate((panel) =>
      [...panel.querySelectorAll('.wg-list-item-label, .wg-tag, .wg-chain-badge')]
        .filter((el) => el.scrollWidth > el.clientWidth + 0.5)
        .map((el) => el.textContent ?? ''),
    )
}

test.describe('Connect at 360x640: every way in at once', () => {
  test.use({ viewport: { width: 360, height: 640 } })

  for (const installed of [0, 3, 8]) {
    test(`the email field and the social buttons are in sight with ${installed} installed wallets`, async ({ page }) => {
      await announceWallets(page, installed)
      await page.goto('/')
      await page.getByTestId('connect-button').click()
      await expect(page.getByTestId('view-Connect')).toBeVisible()
      if (installed > 0) await expect(page.getByTestId('wallet-test.layout.w0')).toBeVisible()
      await expect(page.getByTestId('social-google')).toBeVisible()
      await inSightWithoutScrolling(page, 'email-input')
      await inSightWithoutScrolling(page, 'connect-method-social')
      expect(await cutTexts(page)).toEqual([])
      await snapshot(page, `connect-layout-${installed}-wallets`)
      if (installed === 0) return

      // Every installed wallet shows its family, whole names, and the rest behind "More wallets".
      const rows = page.getByTestId('connect-wallet-list').locator('[data-testid^="wallet-test.layout."]')
      for (const row of await rows.all()) await expect(row.locator('.wg-chain-badge')).toHaveText('EVM')
      await page.getByTestId('more-wallets').click()
      await expect(page.getByTestId('view-ConnectWallets')).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Connect Wallet' })).toBeVisible()
      await expect(page.getByTestId('connect-wallet-list').locator('[data-testid^="wallet-test.layout."]')).toHaveCount(installed)
      await expect(page.getByTestId(`wallet-test.layout.w${installed - 1}`)).toContainText(installed === 8 ? 'Devnet Wallet (Base Sepolia)' : 'Devnet Wallet (Bitcoin Regtest)')
      expect(await cutTexts(page)).toEqual([])
      await expect(page.getByTestId('all-wallets')).toBeVisible()
    })
  }

  test('collapseWallets: email and socials, and one "Continue with a wallet" row that lists them all', async ({ page }) => {
    await announceWallets(page, 3)
    await page.goto('/?collapse=on')
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('continue-with-wallet')).toHaveText('Continue with a wallet')
    await expect(page.getByTestId('connect-wallet-list')).toHaveCount(0)
    await inSightWithoutScrolling(page, 'email-input')
    await inSightWithoutScrolling(page, 'connect-method-social')
    await page.getByTestId('continue-with-wallet').click()
    await expect(page.getByTestId('view-ConnectWallets').locator('[data-testid^="wallet-test.layout."]')).toHaveCount(3)
    await expect(page.getByTestId('wallet-walletConnect')).toBeVisible()
  })
})

test.describe('legalCheckbox', () => {
  test('no connect method works until the box is ticked; once ticked, remembered', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/?legal=on')
    await page.getByTestId('connect-button').click()
    const box = page.getByTestId('legal-checkbox')
    await expect(box).not.toBeChecked()
    await expect(page.getByTestId('legal-terms')).toHaveAttribute('href', 'http://127.0.0.1:5173/terms')
    await expect(page.getByTestId('legal-privacy')).toHaveAttribute('target', '_blank')
    const wallet = page.getByTestId('wallet-dev.walletgate.devnet')
    await expect(wallet).toBeDisabled()
    await expect(page.getByTestId('email-input')).toBeDisabled()
    await expect(page.getByTestId('social-google')).toBeDisabled()
    await expect(page.getByTestId('wallet-walletConnect')).toBeDisabled()
    // A forced click on a disabled row does nothing: still Connect, nothing connected.
    await wallet.click({ force: true })
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    await snapshot(page, 'connect-legal-unticked')

    // Straight from the host page to a list of wallets or a QR code: the same box first.
    await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.open({ view: 'AllWallets' }))
    await expect(page.getByTestId('legal-checkbox')).toBeVisible()
    await expect(page.getByTestId('wallet-search')).toBeDisabled()
    await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.open({ view: 'ConnectingWalletConnectBasic' }))
    await expect(page.getByTestId('legal-checkbox')).toBeVisible()
    await expect(page.getByTestId('walletconnect-qr')).toHaveCount(0)

    await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.open({ view: 'Connect' }))
    await page.getByTestId('legal-checkbox').check()
    await expect(wallet).toBeEnabled()
    await expect(page.getByTestId('email-input')).toBeEnabled()
    await wallet.click()
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)

    // Remembered: after a reload and a disconnect, Connect works without asking again.
    await page.reload()
    await page.getByTestId('connect-button').click()
    await page.getByTestId('disconnect-button').click()
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    await expect(page.getByTestId('legal-checkbox')).toHaveCount(0)
    await expect(wallet).toBeEnabled()
  })
})

test('open() refuses a view name this version does not draw, and opens nothing', async ({ page }) => {
  await initDevWallet(page, { mode: 'approve' })
  await page.goto('/')
  const refused = await page.evaluate(() =>
    (window as unknown as { walletgateDemo: { open(options: { view: string }): Promise<void> } }).walletgateDemo.open({ view: 'NoSuchView' }).then(
      () => 'opened',
      (error: Error) => error.message,
    ),
  )
  expect(refused).toBe("Walletgate: open({ view: 'NoSuchView' }) names no view of this version")
  await expect(page.getByRole('dialog')).toBeHidden()
})

for (const mode of ['dark', 'light'] as const) {
  test(`axe finds no serious violation on ConnectWallets, ConnectSocials and the legal checkbox (${mode})`, async ({ page }) => {
    await announceWallets(page, 3)
    await page.goto('/?legal=on')
    await page.evaluate((m) => (window as unknown as DemoWindow).walletgateDemo.setThemeMode(m), mode)
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('legal-checkbox')).toBeVisible()
    await expect(page.getByTestId('social-google')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.getByTestId('legal-checkbox').check()
    await page.getByTestId('more-wallets').click()
    await expect(page.getByTestId('view-ConnectWallets').locator('[data-testid^="wallet-test.layout."]')).toHaveCount(3)
    expect(await seriousViolations(page)).toEqual([])
    await snapshot(page, `connect-wallets-${mode}`)
    await page.getByTestId('modal-back').click()
    await page.getByTestId('social-more').click()
    await expect(page.getByTestId('view-ConnectSocials').getByRole('button')).toHaveCount(7)
    expect(await seriousViolations(page)).toEqual([])
    await snapshot(page, `connect-socials-${mode}`)
  })
}

test.describe('on a 320 px phone', () => {
  test.use({ viewport: { width: 320, height: 640 } })

  test('a toast covers no title: it shows over the foot of the sheet', async ({ page, context, world }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.baseUrl })
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-dev.walletgate.devnet').click()
    await page.getByTestId('connect-button').click()
    await page.getByTestId('copy-address').click()
    const snack = page.getByTestId('snack')
    await expect(snack).toContainText('Address copied')
    const toast = (await snack.boundingBox())!
    const header = (await page.locator('.wg-header').boundingBox())!
    expect(toast.y, 'the toast starts below the header').toBeGreaterThanOrEqual(header.y + header.height)
    const panel = (await page.getByTestId('modal-panel').boundingBox())!
    expect(toast.y + toast.height).toBeLessThanOrEqual(panel.y + panel.height)
  })

  test('the account\'s network button fits its network\'s name', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await showEveryWallet(page)
    await page.getByTestId('wallet-devnet-polkadot').click()
    await page.getByTestId('connect-button').click()
    const button = page.getByTestId('account-network-button')
    await expect(button).toContainText('Polkadot Devnet')
    expect(await button.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
  })

  test('right to left, wallet names sit beside their icons, on the start side', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/?lang=ar')
    await page.getByTestId('connect-button').click()
    for (const row of ['wallet-walletConnect', 'wallet-dev.walletgate.devnet']) {
      const [name, text] = await page
        .getByTestId(row)
        .evaluate((el) => [el.querySelector('.wg-list-item-label'), el.querySelector('.wg-list-item-text')].map((e) => e!.getBoundingClientRect().toJSON() as DOMRect))
      const words = await page.getByTestId(row).locator('.wg-list-item-label').evaluate((el) => {
        const range = document.createRange()
        range.selectNodeContents(el)
        return range.getBoundingClientRect().toJSON() as DOMRect
      })
      expect(name!.right).toBeCloseTo(text!.right, 0)
      // The words themselves end at the row's start (its right), next to the icon.
      expect(text!.right - words.right, `${row}'s name is on the start side`).toBeLessThan(2)
    }
  })

  test('right to left, a long value in won does not cut a token quantity', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/?lang=ar&currency=KRW')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-dev.walletgate.devnet').click()
    await page.getByTestId('connect-button').click()
    const rows = page.getByTestId('token-list').locator('[data-testid^="token-"]')
    await expect(rows.first()).toBeVisible()
    await expect(page.getByTestId('token-list').locator('.wg-token-fiat').first()).toContainText('₩')
    const cut = await page.getByTestId('token-list').evaluate((list) =>
      [...list.querySelectorAll('.wg-list-item-description, .wg-list-item-label, .wg-token-fiat')]
        .filter((el) => el.scrollWidth > el.clientWidth + 0.5)
        .map((el) => el.textContent ?? ''),
    )
    expect(cut).toEqual([])
    await snapshot(page, 'tokens-rtl-krw-320')
  })

  test('the sign view splits the address in balanced lines, never one character alone', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/?siwx=required')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-dev.walletgate.devnet').click()
    const account = page.getByTestId('siwx-account')
    await expect(account).toBeVisible()
    // Characters per line, read from where each character is drawn.
    const lines = await account.evaluate((p) => {
      const walker = document.createTreeWalker(p, NodeFilter.SHOW_TEXT)
      const counts = new Map<number, number>()
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        const text = node as Text
        for (let i = 0; i < text.length; i++) {
          const range = document.createRange()
          range.setStart(text, i)
          range.setEnd(text, i + 1)
          const top = Math.round(range.getBoundingClientRect().top)
          counts.set(top, (counts.get(top) ?? 0) + 1)
        }
      }
      return [...counts.values()]
    })
    expect(lines.reduce((a, b) => a + b, 0)).toBe(42)
    expect(lines.length).toBeGreaterThan(1)
    expect(Math.min(...lines)).toBeGreaterThanOrEqual(Math.floor(42 / lines.length) - 2)
    await snapshot(page, 'siwx-address-320')
    await page.getByTestId('siwx-cancel').click()
  })
})
