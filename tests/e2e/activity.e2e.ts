/**
 * The Activity tab: a failed history fetch shows the "Failed to fetch transactions" snack and
 * an empty state whose retry loads the history. Reads only (account 4's start-up funding), so the
 * chain is left as it was.
 */
import { expect, snapshot, test } from './support/fixtures'

test.describe('activity', () => {
  test('a failed fetch says "Failed to fetch transactions", then retry lists the history', async ({ page, world, request }) => {
    const account = world.accounts[4]!.address
    // A malformed answer (200, not JSON) fails the fetch without a failed-resource console error.
    const fault = await request.post(`${world.serviceUrl}/__admin/faults`, {
      headers: { authorization: `Bearer ${world.adminToken}` },
      data: { path: `/v1/account/${account}/history`, method: 'GET', count: 1, kind: 'malformed' },
    })
    expect(fault.ok()).toBe(true)
    try {
      await page.addInitScript(() => {
        ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = { mode: 'approve', accountIndex: 4 }
      })
      await page.goto('/')
      await page.waitForFunction(() => (window as unknown as { devWallet?: unknown }).devWallet !== undefined)
      await page.getByTestId('connect-button').click()
      await page.getByTestId('wallet-dev.walletgate.devnet').click()
      await expect(page.getByTestId('demo-account')).toContainText('eip155:31337')
      const view = page.getByTestId('view-Account')
      if (!(await view.isVisible())) await page.getByTestId('connect-button').click()
      await expect(view).toBeVisible()

      await page.getByTestId('account-tab-Activity').click()
      await expect(page.getByTestId('snack')).toHaveText(/Failed to fetch transactions/)
      await expect(page.getByTestId('activity-empty')).toBeVisible()
      await snapshot(page, 'activity-failed')

      await page.getByTestId('activity-retry').click()
      const rows = page.locator('[data-testid^="activity-0x"]')
      await expect(rows.first()).toBeVisible()
      expect(await rows.count()).toBeGreaterThan(0)
      await expect(rows.first().getByTestId('activity-status')).toHaveText('Confirmed')
      // Each entry links to its transaction on the devnet's explorer, which shows the receipt.
      const hash = (await rows.first().getAttribute('data-testid'))!.slice('activity-'.length)
      const explorer = rows.first().getByRole('link')
      await expect(explorer).toHaveAttribute('href', new RegExp(`/explorer/31337/tx/${hash}$`, 'i'))
      const receipt = await request.get((await explorer.getAttribute('href'))!)
      expect(receipt.status()).toBe(200)
      expect(await receipt.text()).toContain('<span data-testid="explorer-status">Success</span>')
      await snapshot(page, 'activity-history')
    } finally {
      await request.delete(`${world.serviceUrl}/__admin/faults`, { headers: { authorization: `Bearer ${world.adminToken}` } })
    }
  })
})
