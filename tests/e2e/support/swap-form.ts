/** The Swap form, for the e2e files that swap. */
import type { Page } from '@playwright/test'
import { parseUnits } from 'viem'
import { expect } from './fixtures'

/** Fills the Swap form and waits for its quote; returns the quote's texts. */
export async function fillSwap(page: Page, from: 'ETH' | 'dUSD', to: 'ETH' | 'dUSD', amount: string) {
  await expect(page.getByTestId('view-Swap')).toBeVisible()
  const pick = async (testId: string, symbol: string) => {
    const select = page.getByTestId(testId)
    const label = await select.locator('option', { hasText: `${symbol} ·` }).textContent()
    await select.selectOption({ label: label ?? '' })
  }
  await pick('swap-from', from)
  await pick('swap-to', to)
  await page.getByTestId('swap-amount').fill(amount)
  await expect(page.getByTestId('swap-minimum')).toContainText(to)
  return {
    toAmount: (await page.getByTestId('swap-to-amount').textContent()) ?? '',
    minimum: (await page.getByTestId('swap-minimum').textContent()) ?? '',
  }
}

/** An amount as the modal writes it ("12.5 dUSD"), in the token's smallest units. */
export function units(text: string, decimals: number): bigint {
  return parseUnits(text.trim().split(' ')[0]!, decimals)
}
