/**
 * The review's preview, again on the approval step: while the wallet holds a send, the
 * ApproveTransaction view shows what the chain (Anvil's eth_simulateV1) said the send does, in
 * both themes, with no serious axe violation. The Devnet Wallet holds the send (manual mode), so
 * nothing is sent: Devnet A's account #9 is only read.
 */
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { connectDevWallet, openAccount } from './support/account-helpers'
import { seriousViolations } from './support/axe'
import { setDevWalletMode } from './support/dev-wallet'
import { expect, snapshot, test } from './support/fixtures'
import { setTheme } from './support/theme'

test.describe('the approval step shows the review’s preview', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`ApproveTransaction draws the simulated change while the wallet asks (${theme})`, async ({ page }) => {
      // The approval step's spinner runs until the wallet answers: reduced motion stills it for axe.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await connectDevWallet(page, { accountIndex: 9 })
      await page.getByTestId('modal-close').click()
      await setTheme(page, theme)
      await openAccount(page)
      await page.getByTestId('account-send').click()
      const select = page.getByTestId('send-token')
      const label = await select.locator('option', { hasText: 'dUSD ·' }).textContent()
      await select.selectOption({ label: label ?? '' })
      await page.getByTestId('send-amount').fill('2.5')
      await page.getByTestId('send-receiver').fill(privateKeyToAccount(generatePrivateKey()).address)
      await page.getByTestId('send-review').click()
      await expect(page.getByTestId('preview-change-amount')).toHaveText(['−2.5 dUSD'])
      // The wallet now holds the request: the approval step stays up, nothing is sent.
      await setDevWalletMode(page, 'manual')
      await page.getByTestId('send-confirm').click()

      const approval = page.getByTestId('view-ApproveTransaction')
      await expect(approval).toBeVisible()
      await expect(approval.getByTestId('preview-change-amount')).toHaveText(['−2.5 dUSD'])
      expect(await seriousViolations(page)).toEqual([])
      await snapshot(page, `approve-transaction-preview-${theme}`)
      await page.getByTestId('approve-cancel').click()
      await expect(page.getByTestId('view-SendPreview')).toBeVisible()
    })
  }
})
