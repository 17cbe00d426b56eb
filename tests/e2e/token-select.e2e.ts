/**
 * The pickers that replaced Swap's and OnRamp's selects: SwapSelectToken (search by symbol and by a
 * pasted address, an unknown address said so, the form kept on the round trip, opened from the host
 * page with and without a wallet), OnRampTokenSelect and OnRampFiatSelect (the typed amount kept),
 * and axe on the three in both themes. Account 8 only reads here: nothing is sent.
 */
import type { Page } from '@playwright/test'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { seriousViolations } from './support/axe'
import { connectDevWallet, openAccount } from './support/account-helpers'
import { expect, snapshot, test } from './support/fixtures'
import { setTheme } from './support/theme'

const ACCOUNT = 8

interface DemoWindow {
  walletgateDemo: { open(options?: { view?: string }): Promise<void>; close(): void }
}

async function openView(page: Page, view: string): Promise<void> {
  await page.evaluate((v) => (window as unknown as DemoWindow).walletgateDemo.open({ view: v }), view)
  await expect(page.getByTestId(`view-${view}`)).toBeVisible()
}

async function closeModal(page: Page): Promise<void> {
  await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.close())
  await expect(page.getByRole('dialog')).toBeHidden()
}

test.describe('token pickers', () => {
  test('Swap: tokens found by symbol and by pasted address, an unknown address said so, the amount kept', async ({ page }) => {
    await connectDevWallet(page, { accountIndex: ACCOUNT })
    await page.getByTestId('account-swap').click()
    await expect(page.getByTestId('view-Swap')).toBeVisible()
    await expect(page.getByTestId('swap-from')).toContainText('ETH ·')
    await page.getByTestId('swap-amount').fill('0.01')

    // By symbol: the search is focused as the picker opens.
    await page.getByTestId('swap-to').click()
    await expect(page.getByTestId('view-SwapSelectToken')).toBeVisible()
    await expect(page.getByTestId('token-search')).toBeFocused()
    await expect(page.getByTestId('token-chips')).toContainText('DVT')
    await page.keyboard.type('dv')
    // Account 8 holds DVT: it is found among "Your tokens", with its balance.
    const dvt = page.getByTestId('view-SwapSelectToken').getByTestId('token-row-DVT')
    await expect(dvt).toContainText('Devnet Token')
    await expect(page.getByTestId('token-row-ETH')).toBeHidden()
    await dvt.click()
    await expect(page.getByTestId('view-Swap')).toBeVisible()
    await expect(page.getByTestId('swap-to')).toContainText('DVT')
    await expect(page.getByTestId('swap-amount')).toHaveValue('0.01')

    // An address no token is at says so; the pasted address of dUSD finds it.
    await page.getByTestId('swap-to').click()
    await page.getByTestId('token-search').fill('0x000000000000000000000000000000000000dEaD')
    await expect(page.getByTestId('token-unknown-address')).toContainText('Unknown token address')
    await page.getByTestId('token-search').fill(DEVNET_CONTRACTS.dUSD)
    await expect(page.getByTestId('token-unknown-address')).toBeHidden()
    const found = page.getByTestId('view-SwapSelectToken').getByTestId('token-row-dUSD')
    await expect(found).toBeVisible()
    await expect(page.getByTestId('token-row-DVT')).toBeHidden()
    await found.click()
    await expect(page.getByTestId('swap-to')).toContainText('dUSD')
    await expect(page.getByTestId('swap-amount')).toHaveValue('0.01')

    // The tokens chosen are the ones quoted and reviewed.
    await expect(page.getByTestId('swap-minimum')).toContainText('dUSD')
    await page.getByTestId('swap-review').click()
    await expect(page.getByTestId('view-SwapPreview')).toContainText('dUSD')
    await page.getByTestId('swap-edit').click()

    // The other side's token swaps the sides.
    await page.getByTestId('swap-from').click()
    await page.getByTestId('token-search').fill('dusd')
    await page.getByTestId('view-SwapSelectToken').getByTestId('token-row-dUSD').click()
    await expect(page.getByTestId('swap-from')).toContainText('dUSD')
    await expect(page.getByTestId('swap-to')).toContainText('ETH')
    await expect(page.getByTestId('swap-amount')).toHaveValue('0.01')
  })

  test('OnRamp: token and currency chosen through their pickers, the typed amount kept', async ({ page }) => {
    await connectDevWallet(page, { accountIndex: ACCOUNT })
    await openAccount(page)
    await page.getByTestId('account-buy').click()
    await expect(page.getByTestId('view-OnRamp')).toBeVisible()
    await page.getByTestId('onramp-amount').fill('123')

    await page.getByTestId('onramp-currency').click()
    await expect(page.getByTestId('view-OnRampTokenSelect')).toBeVisible()
    await expect(page.getByTestId('onramp-token-search')).toBeFocused()
    await page.keyboard.type('usd')
    await expect(page.getByTestId('onramp-token-ETH')).toBeHidden()
    await page.getByTestId('onramp-token-dUSD').click()
    await expect(page.getByTestId('view-OnRamp')).toBeVisible()
    await expect(page.getByTestId('onramp-currency')).toContainText('dUSD')
    await expect(page.getByTestId('onramp-amount')).toHaveValue('123')

    await page.getByTestId('onramp-payment-currency').click()
    await expect(page.getByTestId('view-OnRampFiatSelect')).toBeVisible()
    await expect(page.getByTestId('onramp-fiat-USD')).toContainText('Selected')
    await page.getByTestId('onramp-fiat-search').fill('euro')
    await expect(page.getByTestId('onramp-fiat-USD')).toBeHidden()
    await page.getByTestId('onramp-fiat-EUR').click()
    await expect(page.getByTestId('onramp-payment-currency')).toContainText('EUR')
    await expect(page.getByTestId('onramp-amount')).toHaveValue('123')
    await expect(page.getByTestId('onramp-amount-hint')).toContainText('EUR')
  })

  test("open({ view: 'SwapSelectToken' }) from the host page: without a wallet it offers to connect; with one, a pick lands on Swap", async ({ page }) => {
    await page.goto('/')
    await openView(page, 'SwapSelectToken')
    await expect(page.getByTestId('token-select-connect')).toContainText('Connect a wallet to choose the tokens to swap.')
    await page.getByTestId('token-select-connect-button').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    await closeModal(page)

    await connectDevWallet(page, { accountIndex: ACCOUNT })
    await closeModal(page)
    await openView(page, 'SwapSelectToken')
    await page.getByTestId('token-chip-DVT').click()
    await expect(page.getByTestId('view-Swap')).toBeVisible()
    await expect(page.getByTestId('swap-to')).toContainText('DVT')
  })

  for (const mode of ['light', 'dark'] as const) {
    test(`axe finds no serious or critical violation on the three pickers (${mode})`, async ({ page }) => {
      await connectDevWallet(page, { accountIndex: ACCOUNT })
      await closeModal(page)
      await setTheme(page, mode)
      await openView(page, 'SwapSelectToken')
      await expect(page.getByTestId('token-held')).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
      await snapshot(page, `token-select-swap-${mode}`)
      await closeModal(page)
      for (const view of ['OnRampTokenSelect', 'OnRampFiatSelect']) {
        await openView(page, view)
        await expect(page.getByTestId(view === 'OnRampTokenSelect' ? 'onramp-token-list' : 'onramp-fiat-list')).toBeVisible()
        expect(await seriousViolations(page)).toEqual([])
        await snapshot(page, `token-select-${view}-${mode}`)
        await closeModal(page)
      }
    })
  }
})
