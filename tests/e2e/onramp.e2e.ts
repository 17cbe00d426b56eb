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
  await page.getByTestId('onramp-currency').click()
  await page.getByTestId('onramp-token-dUSD').click()
  await expect(page.getByTestId('onramp-currency')).toContainText('dUSD')
  await page.getByTestId('onramp-amount').fill(amount)
}

/**
 * The figures a visitor reads, as the modal and the checkout page write them (en-US): what
 * arrives, what is paid in all, the provider's share (and its percent) and the network fee.
 */
interface Figures {
  readonly amount: string
  readonly total: string
  readonly providerFee: string
  readonly percent: string
  readonly networkFee: string
  /** Whether the modal had a live quote (else it showed an estimate without fees). */
  readonly quoted: boolean
}

/**
 * Chooses `provider`, checks its fee text and its checkout page against `figures`, completes the
 * checkout in the new window, and returns the paid transaction's hash once the modal shows the
 * purchase landed (with what was paid, and the title that says so).
 */
async function buyThrough(page: Page, provider: 'coinbase' | 'meld', label: string, figures: Figures): Promise<string> {
  const { amount, total, providerFee, percent, networkFee, quoted } = figures
  const fees = `${(Number(providerFee) + Number(networkFee)).toFixed(2)} USD`
  const title = page.getByTestId('modal').locator('.wg-title')
  await page.getByTestId('onramp-continue').click()
  await expect(page.getByTestId('view-OnRampProviders')).toBeVisible()
  await expect(title).toHaveText('Choose Provider')
  // Each provider's fees: the quote's own (its provider and network fees together), or the
  // advertised range when there is no quote.
  const feeText = quoted ? `Fees ${fees}` : 'Fees 1-2% + network fee'
  await expect(page.getByTestId('onramp-provider-coinbase')).toContainText(feeText)
  await expect(page.getByTestId('onramp-provider-meld')).toContainText(feeText)
  if (quoted && provider === 'coinbase') await snapshot(page, 'onramp-providers')
  const opened = page.waitForEvent('popup')
  await page.getByTestId(`onramp-provider-${provider}`).click()
  const checkout = await opened
  await checkout.waitForURL(new RegExp(`/onramp/checkout/[^/]+/${provider}$`))
  await expect(checkout.locator('h1')).toHaveText(`${label} checkout (devnet)`)
  // The checkout charges what the modal said: the total, and in it the fees the quote showed.
  await expect(checkout.locator('#checkout-amount')).toHaveText(amount)
  await expect(checkout.locator('#checkout-total')).toHaveText(total)
  await expect(checkout.locator('#checkout-provider-fee')).toHaveText(`${providerFee} USD`)
  await expect(checkout.locator('dl')).toContainText(`Provider fee (${percent}%)`)
  await expect(checkout.locator('#checkout-network-fee')).toHaveText(`${networkFee} USD`)
  await expect(page.getByTestId('onramp-waiting')).toBeVisible()
  await expect(title).toHaveText('Checkout')
  await checkout.getByRole('button', { name: 'Complete purchase' }).click()
  const hash = (await checkout.locator('#status code').last().textContent())!.trim()
  await checkout.close()
  await expect(page.getByTestId('onramp-landed')).toBeVisible()
  await expect(page.getByTestId('onramp-landed')).toContainText(`${amount} arrived in your wallet.`)
  await expect(title).toHaveText('Purchase Complete')
  if (quoted && provider === 'coinbase') await snapshot(page, 'onramp-done')
  if (quoted) {
    await expect(page.getByTestId('onramp-paid')).toHaveText(`You paid ${total}, fees of ${fees} included.`)
  } else {
    await expect(page.getByTestId('onramp-paid')).toHaveCount(0)
  }
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
      // 50 USD paid in all: 1.5% of it to the provider and 0.50 to the network, the rest at 1 USD per dUSD.
      await expect(page.getByTestId('onramp-quote-amount')).toHaveText('48.75 dUSD')
      await expect(page.getByTestId('onramp-quote-provider-fee-label')).toHaveText('Provider fee (1.5%)')
      await expect(page.getByTestId('onramp-quote-provider-fee')).toHaveText('0.75 USD')
      await expect(page.getByTestId('onramp-quote-network-fee')).toHaveText('0.50 USD')
      await expect(page.getByTestId('onramp-quote-total')).toHaveText('50.00 USD')
      await expect(page.getByTestId('onramp-placeholder')).toHaveCount(0)
      if (provider === 'coinbase') await snapshot(page, 'onramp-quote')
      const before = await dUsd(world)
      const hash = await buyThrough(page, provider, label, {
        amount: '48.75 dUSD',
        total: '50.00 USD',
        providerFee: '0.75',
        percent: '1.5',
        networkFee: '0.50',
        quoted: true,
      })
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
    await page.getByTestId('onramp-payment-currency').click()
    await page.getByTestId('onramp-fiat-EUR').click()
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
      await expect(page.getByTestId('onramp-quote-total')).toHaveText('20.00 USD')
      await snapshot(page, 'onramp-placeholder-quote')
      const before = await dUsd(world)
      // No quote, so the estimate left the fees out; the provider still takes them from the 20 USD
      // (1.5% and 0.50), and its checkout and the done screen say what that buys.
      await buyThrough(page, 'meld', 'Meld', { amount: '19.2 dUSD', total: '20.00 USD', providerFee: '0.30', percent: '1.5', networkFee: '0.50', quoted: false })
      expect((await dUsd(world)) - before).toBe(parseUnits('19.2', 6))
    } finally {
      await devnetAdmin(world, 'DELETE', '/faults')
    }
  })
})

test.describe('in a time zone where buying and swapping are restricted', () => {
  test.use({ timezoneId: 'Asia/Shanghai' })

  test('Account offers neither and says why; Buy or Swap opened anyway says the same, and no quote is asked', async ({ page }) => {
    const quotes: string[] = []
    page.on('request', (request) => {
      if (/\/(onramp|convert)\//.test(new URL(request.url()).pathname)) quotes.push(request.url())
    })
    await connectDevWallet(page, { accountIndex: ACCOUNT })
    await expect(page.getByTestId('account-region-restricted')).toHaveText('Buying and swapping are not offered in your region.')
    await expect(page.getByTestId('account-buy')).toHaveCount(0)
    await expect(page.getByTestId('account-swap')).toHaveCount(0)
    await expect(page.getByTestId('account-send')).toBeVisible()

    for (const view of ['OnRamp', 'Swap'] as const) {
      await page.evaluate((name) => (window as unknown as { walletgateDemo: { open(options: { view: string }): Promise<void> } }).walletgateDemo.open({ view: name }), view)
      await expect(page.getByTestId(`view-${view}`).getByTestId('region-restricted')).toHaveText('Buying and swapping are not offered in your region.')
    }
    expect(quotes).toEqual([])
  })
})
