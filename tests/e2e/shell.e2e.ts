import { expect, snapshot, test } from './support/fixtures'
import { DEVNET_WALLET_RDNS, initDevWallet, showEveryWallet } from './support/dev-wallet'

test.describe('modal shell', () => {
  test('the connect button opens the modal on Connect; Escape closes it and focus returns', async ({ page }) => {
    const response = await page.goto('/')
    expect(response?.headers()['content-security-policy']).toContain("default-src 'self'")

    const button = page.getByTestId('connect-button')
    await button.click()
    const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(dialog).toBeVisible()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    await snapshot(page, 'shell-connect-dark')

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(button).toBeFocused()
  })

  test('the close button closes the modal and it opens again', async ({ page }) => {
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('modal-close').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
  })

  test('a plain HTML page mounts the modal inline and opens a second one as an overlay', async ({ page }) => {
    await page.goto('/plain.html')
    const inline = page.locator('#inline-modal').getByTestId('view-Connect')
    await expect(inline).toBeVisible()
    await page.getByTestId('plain-open').click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    await snapshot(page, 'shell-plain-html')
  })

  test('the inline modal shows Account once a wallet connects, and Connect once it disconnects', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/plain.html')
    const inline = page.locator('#inline-modal')
    await inline.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`).click()
    await expect(page.getByTestId('plain-status')).toContainText('connected: 0x')
    // Not stuck on "Connecting" (the overlay would close here; inline there is nothing to close).
    await expect(inline.getByTestId('view-Account')).toBeVisible()
    await expect(inline.getByTestId('view-ConnectingExternal')).toHaveCount(0)
    await inline.getByTestId('disconnect-button').click()
    await expect(inline.getByTestId('view-Connect')).toBeVisible()
  })
})

test.describe('shell layout and screenshots', () => {
  const viewports = [
    { name: 'desktop', width: 1280, height: 800 },
    { name: 'phone', width: 390, height: 844 },
  ] as const

  for (const viewport of viewports) {
    for (const mode of ['dark', 'light'] as const) {
      test(`Connect, AllWallets and ConnectingExternal on ${viewport.name} in ${mode}`, async ({ page }) => {
        await page.setViewportSize({ width: viewport.width, height: viewport.height })
        await page.addInitScript(() => {
          ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = { mode: 'reject' }
        })
        await page.goto('/')
        const toggle = page.getByTestId('theme-toggle')
        if (!(await toggle.textContent())?.includes(mode)) await toggle.click()
        await page.getByTestId('connect-button').click()
        const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
        await expect(page.getByTestId('wallet-dev.walletgate.devnet')).toBeVisible()
        // Measure the settled layout, not a frame of the 150 ms entry transition.
        await dialog.evaluate((el) => Promise.all(el.getAnimations().map((animation) => animation.finished)))
        const box = await dialog.boundingBox()
        if (viewport.name === 'phone') {
          // A bottom sheet: full width, resting on the bottom edge.
          expect(box?.width).toBe(viewport.width)
          expect(Math.round((box?.y ?? 0) + (box?.height ?? 0))).toBe(viewport.height)
        } else {
          expect(box?.width).toBe(360)
        }
        await snapshot(page, `view-Connect-${viewport.name}-${mode}`)

        await showEveryWallet(page)
        await page.getByTestId('all-wallets').click()
        await expect(page.getByTestId('all-wallets-list').locator('li')).toHaveCount(40)
        await snapshot(page, `view-AllWallets-${viewport.name}-${mode}`)

        await page.getByTestId('modal-back').click()
        await page.getByTestId('wallet-dev.walletgate.devnet').click()
        await expect(page.getByTestId('view-ConnectingExternal')).toHaveAttribute('data-status', 'declined')
        await snapshot(page, `view-ConnectingExternal-${viewport.name}-${mode}`)
      })
    }
  }

  test('touch targets in the Connect view are at least 44px tall', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('wallet-dev.walletgate.devnet')).toBeVisible()
    const heights = await page
      .getByTestId('modal')
      .locator('button:visible, a[href]:visible')
      .evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height))
    expect(heights.length).toBeGreaterThan(2)
    for (const height of heights) expect(height).toBeGreaterThanOrEqual(44)
  })
})

test('the JS loaded before the modal opens holds no viem, WalletConnect, Solana, Polkadot or Cosmos code', async ({ page }) => {
  const scripts = new Map<string, string>()
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), await response.text())
  })
  await page.addInitScript(() => {
    ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = { absent: true }
  })
  await page.goto('/')
  await expect(page.getByTestId('connect-button')).toBeVisible()
  await page.waitForLoadState('networkidle')
  expect(scripts.size).toBeGreaterThan(0)
  // String literals that survive minification: viem's error version tag (present in its lazy chunk),
  // WalletConnect's protocol method names, polkadot's SS58 prefix, bech32 (cosmos), Solana RPC names.
  const markers = ['viem@', 'wc_sessionPropose', 'irn_subscribe', 'SS58PRE', 'Invalid bech32', 'getLatestBlockhash']
  for (const [url, body] of scripts) {
    for (const marker of markers) expect(body.includes(marker), `${marker} in ${url}`).toBe(false)
  }
})
