/**
 * The Transactions view: an account that sent ether and a token (made here on Devnet B, from
 * account 3, to a fresh address) opens it from the Activity tab's "See all" and from
 * `open({ view: 'Transactions' })`, pages its whole history to the end, and filters by the token:
 * the service is asked for that token's history and only its rows show. Axe in both themes.
 */
import type { Locator, Page } from '@playwright/test'
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, parseUnits } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_CONTRACTS, devnetViemChain } from '../../devnet/src/config'
import { connectDevWallet, openAccount } from './support/account-helpers'
import { seriousViolations } from './support/axe'
import { expect, snapshot, test } from './support/fixtures'

const CHAIN = 31338
const ACCOUNT = 3
/** More than a page (20) of history: 21 ether sends and 3 token sends, with the start-up mints. */
const ETHER_SENDS = 21
const TOKEN_SENDS = 3

interface DemoWindow {
  walletgateDemo: { open(options?: { view?: string }): Promise<void>; close(): void }
}

/**
 * Reads on until the history's end is shown: by the "Load more" button (the keyboard's way), or by
 * scrolling its end into view (the next page comes as it shows).
 */
async function pageToTheEnd(page: Page, rows: Locator, by: 'button' | 'scroll'): Promise<void> {
  const end = page.getByTestId('transactions-end')
  const more = page.getByTestId('transactions-load-more')
  for (let pages = 0; pages < 10 && !(await end.isVisible()); pages++) {
    const before = await rows.count()
    // Not clicked through the pointer: the button may go (its page came) while it is aimed at.
    if (by === 'button') await more.dispatchEvent('click', undefined, { timeout: 5_000 }).catch(() => undefined)
    else await more.scrollIntoViewIfNeeded({ timeout: 5_000 }).catch(() => undefined)
    await expect.poll(async () => (await rows.count()) > before || (await end.isVisible())).toBe(true)
  }
  await expect(end).toBeVisible()
}

async function theme(page: Page, mode: 'dark' | 'light'): Promise<void> {
  const toggle = page.getByTestId('theme-toggle')
  if (!(await toggle.textContent())?.includes(mode)) await toggle.click()
  await expect(toggle).toContainText(mode)
}

test('Transactions: from the Activity tab and from open(), paged to the end, filtered by the token on the service', async ({ page, world }) => {
  test.setTimeout(180_000)
  const key = world.accounts[ACCOUNT]!
  const rpc = world.rpcUrls[CHAIN]
  const chain = devnetViemChain(CHAIN, rpc)
  const sender = createWalletClient({ account: privateKeyToAccount(key.privateKey), chain, transport: http(rpc) })
  const reader = createPublicClient({ chain, transport: http(rpc) })
  const stranger = privateKeyToAccount(generatePrivateKey()).address
  let last: `0x${string}` = '0x'
  for (let i = 0; i < ETHER_SENDS; i++) last = await sender.sendTransaction({ to: stranger, value: parseEther('0.001') })
  for (let i = 0; i < TOKEN_SENDS; i++) {
    last = await sender.sendTransaction({ to: DEVNET_CONTRACTS.dUSD, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [stranger, parseUnits('1', 6)] }) })
  }
  await reader.waitForTransactionReceipt({ hash: last, pollingInterval: 100 })

  await connectDevWallet(page, { accountIndex: ACCOUNT, chainId: CHAIN })
  await page.getByTestId('modal-close').click()
  await theme(page, 'dark')
  await openAccount(page)
  await page.getByTestId('account-tab-Activity').click()
  await page.getByTestId('activity-see-all').click()
  const view = page.getByTestId('view-Transactions')
  await expect(view).toBeVisible()
  const rows = view.locator('[data-testid^="activity-0x"]')
  await expect(rows.first()).toBeVisible()
  await expect(page.getByTestId('transactions-filter-all')).toHaveAttribute('aria-pressed', 'true')
  // Grouped by month, then day: today's sends are under one day's title.
  await expect(view.locator('[data-testid^="transactions-day-"]').first().locator('h4')).toBeVisible()
  await pageToTheEnd(page, rows, 'button')
  expect(await rows.count()).toBeGreaterThanOrEqual(ETHER_SENDS + TOKEN_SENDS + 1)
  await expect(rows.filter({ hasText: 'dUSD' })).not.toHaveCount(0)
  await expect(rows.filter({ hasText: 'ETH' })).not.toHaveCount(0)

  // The token's history comes from the service (token=), not from the rows already loaded.
  const asked = page.waitForRequest((r) => r.url().includes('/history') && new URL(r.url()).searchParams.get('token')?.toLowerCase() === DEVNET_CONTRACTS.dUSD.toLowerCase())
  await page.getByTestId('transactions-filter-dUSD').click()
  await asked
  await expect(page.getByTestId('transactions-filter-dUSD')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('transactions-end')).toBeVisible()
  // Its sends (and its start-up mint), nothing else.
  expect(await rows.count()).toBeGreaterThanOrEqual(TOKEN_SENDS)
  for (const amount of await view.getByTestId('activity-amount').allTextContents()) expect(amount).toContain('dUSD')
  await expect(rows.first().getByRole('link')).toHaveAttribute('href', /\/explorer\/31338\/tx\/0x[0-9a-f]{64}$/i)
  expect(await seriousViolations(page)).toEqual([])
  await snapshot(page, 'transactions-dusd-dark')

  // The native coin's history: the ether sends, none of the token's rows.
  await page.getByTestId('transactions-filter-ETH').click()
  await expect(page.getByTestId('transactions-filter-ETH')).toHaveAttribute('aria-pressed', 'true')
  await expect(rows.first()).toBeVisible()
  await pageToTheEnd(page, rows, 'scroll')
  expect(await rows.count()).toBeGreaterThanOrEqual(ETHER_SENDS)
  await expect(rows.filter({ hasText: 'dUSD' })).toHaveCount(0)

  // A host page opens it directly, in the light theme: the filter is as it was left; All shows every token's again.
  await page.getByTestId('modal-close').click()
  await theme(page, 'light')
  await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.open({ view: 'Transactions' }))
  await expect(view).toBeVisible()
  await expect(page.getByTestId('transactions-filter-ETH')).toHaveAttribute('aria-pressed', 'true')
  await page.getByTestId('transactions-filter-all').click()
  await expect(page.getByTestId('transactions-filter-all')).toHaveAttribute('aria-pressed', 'true')
  await expect(rows.filter({ hasText: 'dUSD' }).first()).toBeVisible()
  expect(await seriousViolations(page)).toEqual([])
  await snapshot(page, 'transactions-all-light')
})
