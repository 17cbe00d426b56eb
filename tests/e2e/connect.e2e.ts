import { expect, snapshot, test } from './support/fixtures'
import { DEVNET_WALLET_RDNS, initDevWallet, setDevWalletMode, showEveryWallet } from './support/dev-wallet'

const walletRow = `wallet-${DEVNET_WALLET_RDNS}`

test.describe('connecting a browser wallet', () => {
  test('lists Devnet Wallet once, connects, survives a reload and disconnects', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    // Announced twice and also window.ethereum: one row.
    await expect(page.getByTestId(walletRow)).toHaveCount(1)
    await expect(page.getByTestId('wallet-injected')).toHaveCount(0)
    await expect(page.getByTestId(walletRow)).toContainText('Devnet Wallet')
    await snapshot(page, 'connect-connect-dark')

    await page.getByTestId(walletRow).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    const address = world.accounts[0]!.address
    await expect(page.getByTestId('demo-account')).toContainText(address)

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(address)
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('account-address').first()).toBeVisible()

    await page.getByTestId('disconnect-button').click()
    // As peers do: disconnecting closes the overlay; opening it again shows Connect.
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    await page.getByTestId('modal-close').click()
    // A reload after disconnecting does not reconnect.
    await page.reload()
    await expect(page.getByTestId('connect-button')).toHaveText('Connect Wallet')
  })

  test('a declined connection shows the declined state and a retry connects', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'reject' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId(walletRow).click()
    const view = page.getByTestId('view-ConnectingExternal')
    await expect(view).toHaveAttribute('data-status', 'declined')
    await expect(view).toContainText('Connection declined')
    await snapshot(page, 'connect-declined-dark')

    await setDevWalletMode(page, 'approve')
    await page.getByTestId('connect-retry').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
  })

  test('a request already pending in the wallet (-32002) says to check the wallet', async ({ page }) => {
    await initDevWallet(page, { mode: 'pending' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId(walletRow).click()
    const view = page.getByTestId('view-ConnectingExternal')
    await expect(view).toHaveAttribute('data-status', 'pending')
    await expect(view).toContainText('Check your wallet')
    await snapshot(page, 'connect-pending-dark')
  })

  test('a person approves in the wallet panel while the modal waits', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'manual' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId(walletRow).click()
    await expect(page.getByTestId('view-ConnectingExternal')).toHaveAttribute('data-status', 'connecting')
    await expect(page.getByTestId('view-ConnectingExternal')).toContainText('Continue in Devnet Wallet')
    await snapshot(page, 'connect-waiting-dark')
    // The wallet's panel sits under the modal's top layer, as an extension popup would be elsewhere.
    await page.evaluate(() => (window as unknown as { devWallet: { approve(): boolean } }).devWallet.approve())
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
  })

  test('hostile EIP-6963 metadata runs no script and shows names as text', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/')
    await page.evaluate(() => {
      const svg =
        '<svg xmlns="http://www.w3.org/2000/svg" onload="window.__pwned=\'svg-onload\'"><script>window.__pwned=\'svg-script\'</script><rect width="10" height="10"/></svg>'
      const provider = { request: async () => [] }
      const announce = (rdns: string, name: string, icon: string) =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({ info: { uuid: crypto.randomUUID(), rdns, name, icon }, provider }),
          }),
        )
      announce('evil.javascript', 'Evil JS', "javascript:window.__pwned='javascript-icon'")
      announce('evil.svg', 'Evil SVG', `data:image/svg+xml;base64,${btoa(svg)}`)
      announce('evil.markup', '<img src=x onerror="window.__pwned=\'markup\'">Evil <b>Markup</b>', 'data:image/png;base64,iVBORw0KGgo=')
    })
    await page.getByTestId('connect-button').click()
    await showEveryWallet(page)
    await expect(page.getByTestId('wallet-evil.javascript')).toBeVisible()
    await expect(page.getByTestId('wallet-evil.javascript').locator('img')).toHaveCount(0)
    await expect(page.getByTestId('wallet-evil.svg').locator('img')).toHaveCount(1)
    const markup = page.getByTestId('wallet-evil.markup')
    await expect(markup).toContainText('<img src=x onerror="window.__pwned=\'markup\'">Evil <b>Markup</b>')
    await expect(markup.locator('b')).toHaveCount(0)
    await snapshot(page, 'connect-hostile-metadata')
    // Give any image load a chance to (not) run script.
    await page.waitForLoadState('networkidle')
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined()
  })

  test('without a browser wallet Connect leads to AllWallets with a way to get one', async ({ page }) => {
    await initDevWallet(page, { absent: true })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('no-wallet-installed')).toContainText('No wallet installed')
    // WalletConnect is on offer in the demo: no dead end on a desktop without a browser wallet.
    await expect(page.getByTestId('no-wallet-installed')).toContainText("Scan a QR code with your phone's wallet")
    await snapshot(page, 'connect-no-wallet-dark')
    await page.getByRole('button', { name: 'Get a wallet' }).click()
    await expect(page.getByTestId('view-AllWallets')).toBeVisible()
    const firstLink = page.getByTestId('all-wallets-list').locator('a[href]').first()
    await expect(firstLink).toHaveAttribute('href', /^https?:\/\//)
    await expect(firstLink).toHaveAttribute('target', '_blank')
  })

  test('Connect explains what a wallet is in plain words on a view of its own, in a light DOM', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId(walletRow)).toBeVisible()
    await expect(page.getByTestId('wallet-walletConnect').locator('.wg-wc-logo')).toBeVisible()
    // The modal's whole shadow tree with Connect open (styles included): the bench's page holds
    // little else, and its ceiling is 300.
    const elements = await page.getByTestId('modal').evaluate((modal) => (modal.getRootNode() as ShadowRoot).querySelectorAll('*').length)
    expect(elements).toBeLessThan(280)
    // The answer is a view of its own (its chunk and English load when it opens): Back returns to
    // Connect, and "Get a wallet" leads to the catalogue's wallets.
    await expect(page.getByText('keeps your crypto')).toHaveCount(0)
    // With more wallets than Connect shows (email and socials follow them), the help is with them all.
    await showEveryWallet(page)
    await page.getByTestId('wallet-help').scrollIntoViewIfNeeded()
    await snapshot(page, 'connect-help-link-dark')
    await page.getByTestId('wallet-help').click()
    const help = page.getByTestId('view-WhatIsAWallet')
    await expect(help.getByText('keeps your crypto')).toBeVisible()
    await expect(page.getByRole('heading', { name: 'What is a Wallet?' })).toBeVisible()
    await snapshot(page, 'what-is-a-wallet-dark')
    await page.getByTestId('modal-back').click()
    await expect(page.getByTestId('view-ConnectWallets')).toBeVisible()
    await page.getByTestId('wallet-help').click()
    await help.getByRole('button', { name: 'Get a wallet' }).click()
    await expect(page.getByTestId('view-AllWallets')).toBeVisible()
  })

  test('Connect holds the rows the catalogue will fill: what is under the wallet list does not move down when it answers', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    // The catalogue's answer comes late (a slow network), so the view is seen before and after it.
    let answer: () => void = () => undefined
    const answered = new Promise<void>((resolve) => (answer = resolve))
    await page.route('**/getWallets?**', async (route) => {
      await answered
      await route.continue()
    })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    // Connect shows its first rows only (email and socials follow them): ConnectWallets lists them all.
    await showEveryWallet(page)
    const list = page.getByTestId('connect-wallet-list')
    const under = page.getByTestId('wallet-help')
    await expect(under).toBeVisible()
    // The installed wallets first: the Polkadot and Cosmos ones announce nothing, and the page is
    // read again for them in its first seconds (family-discovery.ts), which may be after the open.
    for (const name of ['Devnet Bitcoin Wallet', 'Devnet Wallet (Polkadot)', 'Devnet Wallet (Cosmos)']) {
      await expect(list.getByText(name, { exact: true })).toBeVisible()
    }
    // The spec's four recommended wallets (the demo features none).
    await expect(list.locator('.wg-skeleton-row')).toHaveCount(4)
    await snapshot(page, 'connect-catalogue-pending-dark')
    const before = (await under.boundingBox())!
    answer()
    const recommended = list.locator('li').filter({ hasText: 'Recommended' })
    await expect(recommended.first()).toBeVisible()
    await expect(list.locator('.wg-skeleton-row')).toHaveCount(0)
    const after = (await under.boundingBox())!
    // A recommended wallet that is installed is shown once, as installed (the Devnet Wallet here):
    // the list ends a row shorter than it held, never longer.
    const shown = await recommended.count()
    expect(shown).toBeGreaterThan(1)
    const pitch = (await recommended.nth(1).boundingBox())!.y - (await recommended.nth(0).boundingBox())!.y
    expect(after.y).toBeCloseTo(before.y - (4 - shown) * pitch, 0)
  })

  test('AllWallets loads pages of 40 on scroll and searches', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await showEveryWallet(page)
    await page.getByTestId('all-wallets').click()
    // The visitor came to find a wallet: the search box has the cursor.
    await expect(page.getByTestId('wallet-search')).toBeFocused()
    const rows = page.getByTestId('all-wallets-list').locator('li')
    await expect(rows).toHaveCount(40)
    await snapshot(page, 'allwallets-dark')
    // One scroll to the end of the list loads one page. (Two scrolls, to the last row and then to
    // the button below it, straddled the second page's arrival on a busy machine: the second
    // scroll reached the end of 80 rows and rightly asked for a third page.)
    await page.getByRole('button', { name: 'Show more wallets' }).scrollIntoViewIfNeeded()
    await expect(rows).toHaveCount(80)

    await page.getByTestId('wallet-search').fill('Devnet')
    await expect(page.getByTestId(walletRow)).toBeVisible()
    await expect(page.getByTestId(walletRow)).toContainText('Installed')
    await expect(rows).toHaveCount(1)
    await page.getByTestId('wallet-search').fill('zzzz-no-such-wallet')
    await expect(page.getByTestId('wallet-search-empty')).toBeVisible()
  })
  test('follows the wallet: a new account, then the wallet forgetting the site', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId(walletRow).click()
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
    await page.evaluate(() => (window as unknown as { devWallet: { useAccount(i: number): void } }).devWallet.useAccount(2))
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[2]!.address)
    await page.evaluate(() => (window as unknown as { devWallet: { revoke(): void } }).devWallet.revoke())
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    await expect(page.getByTestId(walletRow)).toContainText('Recent')
  })
})
