/**
 * Buying crypto on the devnet (account 7, which no other spec names): the devnet's checkout page of
 * each provider pays the buyer from the treasury (account 9) on the chain, and the modal follows the
 * purchase through the history's on-ramp entries until it lands.
 */
import type { Page } from '@playwright/test'
import { parseUnits } from 'viem'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { expect, snapshot, test } from './support/fixtures'
import { connectDevWallet, erc20Balance, openAccount } from './support/account-helpers'
import { devnetAdmin, dropExpectedNetworkErrors } from './support/faults'
import type { E2eWorld } from './support/world'

const ACCOUNT = 7

/** Opens OnRamp from the Account view with `amount` USD of dUSD entered. */
async function openBuy(page: Page, amount: string): Promise<void> {
  await openAccount(page)
  await page.getByTestId('account-buy').click()
  await expect(page.getByTestId('view-OnRamp')).toBeVisible()
  await page.getByTestId('onramp-currency').selectOption('dUSD')
  await page.getByTestId('onramp-amount').fill(amount)
}

/**
 * Chooses `provider`, completes its checkout page in the new window, and returns the paid
 * transaction's hash once the modal shows the purchase landed.
 */
async function buyThrough(page: Page, provider: 'coinbase' | 'meld', label: string): Promise<string> {
  await page.getByTestId('onramp-continue').click()
  await expect(page.getByTestId('view-OnRampProviders')).toBeVisible()
  await expect(page.getByTestId('onramp-provider-coinbase')).toContainText('Fees 1-2%')
  await expect(page.getByTestId('onramp-provider-meld')).toContainText('Fees 1-2%')
  const opened = page.waitForEvent('popup')
  await page.getByTestId(`onramp-provider-${provider}`).click()
  const checkout = await opened
  await checkout.waitForURL(new RegExp(`/onramp/checkout/[^/]+/${provider}$`))
  await expect(checkout.locator('h1')).toHaveText(`${label} checkout (devnet)`)
  await expect(page.getByTestId('onramp-waiting')).toBeVisible()
  await checkout.getByRole('button', { name: 'Complete purchase' }).click()
  const hash = (await checkout.locator('#status code').last().textContent())!.trim()
  await checkout.close()
  await expect(page.getByTestId('onramp-landed')).toBeVisible()
  return hash
}

async function dUsd(world: E2eWorld): Promise<bigint> {
  return erc20Balance(world.rpcUrls[31337], DEVNET_CONTRACTS.dUSD, world.accounts[ACCOUNT]!.address)
}

test.describe('buying crypto', () => {
  test('50 USD of dUSD through each provider: the quoted amount arrives and shows in Activity without a reload', async ({ page, world }) => {
    await connectDevWallet(page, { accountIndex: ACCOUNT })
    for (const [provider, label] of [
      ['coinbase', 'Coinbase'],
      ['meld', 'Meld'],
    ] as const) {
      await openBuy(page, '50')
      // 50 USD less 1.5% and the 0.50 network fee, at 1 USD per dUSD.
      await expect(page.getByTestId('onramp-quote-amount')).toHaveText('48.750000 dUSD')
      await expect(page.getByTestId('onramp-placeholder')).toHaveCount(0)
      if (provider === 'coinbase') await snapshot(page, 'onramp-quote')
      const before = await dUsd(world)
      const hash = await buyThrough(page, provider, label)
      await expect(page.getByTestId('onramp-landed')).toContainText('48.75 dUSD')
      expect((await dUsd(world)) - before).toBe(parseUnits('48.75', 6))
      await page.getByTestId('onramp-done').click()
      await page.getByTestId('account-tab-Activity').click()
      await expect(page.getByTestId(`activity-${hash.toLowerCase()}`)).toBeVisible()
      await page.getByTestId('account-tab-Tokens').click()
    }
  })

  test('an amount outside the payment method limits is refused with its limit', async ({ page }) => {
    await connectDevWallet(page, { accountIndex: ACCOUNT })
    await openBuy(page, '5')
    await expect(page.getByTestId('onramp-amount-hint')).toHaveText('The minimum is 10.00 USD')
    await expect(page.getByTestId('onramp-continue')).toBeDisabled()
    await page.getByTestId('onramp-amount').fill('8000')
    await expect(page.getByTestId('onramp-amount-hint')).toHaveText('The maximum is 7,500.00 USD')
    await expect(page.getByTestId('onramp-continue')).toBeDisabled()
    await page.getByTestId('onramp-payment-currency').selectOption('EUR')
    await expect(page.getByTestId('onramp-amount-hint')).toHaveText('The maximum is 7,500.00 EUR')
    // A bank account allows up to 25000.00 (written the visitor's way: en-US groups thousands).
    await page.getByTestId('onramp-payment-method').selectOption({ label: 'Bank account' })
    await expect(page.getByTestId('onramp-amount-hint')).toHaveText('Between 10.00 and 25,000.00 EUR by bank account.')
    await expect(page.getByTestId('onramp-continue')).toBeEnabled()
  })

  test('with the quote call failing, a marked placeholder quote shows and the purchase still completes', async ({ page, world, pageProblems }) => {
    dropExpectedNetworkErrors(pageProblems, /status of 500/)
    await devnetAdmin(world, 'POST', '/faults', { path: '/v1/onramp/quote', method: 'POST', count: 50, kind: '500' })
    try {
      await connectDevWallet(page, { accountIndex: ACCOUNT })
      await openBuy(page, '20')
      await expect(page.getByTestId('onramp-placeholder')).toBeVisible()
      await expect(page.getByTestId('onramp-quote-amount')).toHaveText('20 dUSD')
      await snapshot(page, 'onramp-placeholder-quote')
      const before = await dUsd(world)
      await buyThrough(page, 'meld', 'Meld')
      expect((await dUsd(world)) - before).toBe(parseUnits('20', 6))
    } finally {
      await devnetAdmin(world, 'DELETE', '/faults')
    }
  })
})
