/** The Swap form, for the e2e files that swap. */
import type { Page } from '@playwright/test'
import { parseUnits } from 'viem'
import { expect } from './fixtures'

/** Fills the Swap form and waits for its quote; returns the quote's texts. */
export async function fillSwap(page: Page, from: 'ETH' | 'dUSD', to: 'ETH' | 'dUSD', amount: string) {
  await expect(page.getByTestId('view-Swap')).toBeVisible()
  await pickSwapToken(page, 'from', from)
  await pickSwapToken(page, 'to', to)
  await page.getByTestId('swap-amount').fill(amount)
  await expect(page.getByTestId('swap-minimum')).toContainText(to)
  return {
    toAmount: (await page.getByTestId('swap-to-amount').textContent()) ?? '',
    minimum: (await page.getByTestId('swap-minimum').textContent()) ?? '',
  }
}

/**
 * Chooses a side's token through SwapSelectToken: its button opens the picker, the token's row (in
 * "Your tokens" or the popular ones) picks it, and Swap shows it on that side.
 */
export async function pickSwapToken(page: Page, side: 'from' | 'to', symbol: string) {
  await page.getByTestId(`swap-${side}`).click()
  await expect(page.getByTestId('view-SwapSelectToken')).toBeVisible()
  await page.getByTestId(`token-row-${symbol}`).click()
  await expect(page.getByTestId('view-Swap')).toBeVisible()
  await expect(page.getByTestId(`swap-${side}`)).toContainText(`${symbol} ·`)
}

/** An amount as the modal writes it ("12.5 dUSD"), in the token's smallest units. */
export function units(text: string, decimals: number): bigint {
  // The review writes amounts in English with grouping ("1,234.5 dUSD").
  return parseUnits(text.trim().split(' ')[0]!.replaceAll(',', ''), decimals)
}
