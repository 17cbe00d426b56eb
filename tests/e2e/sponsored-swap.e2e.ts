/**
 * A swap whose gas the app pays (docs/sponsorship.md): an email-login visitor on the embedded smart
 * account, signed in with the devnet service (`?siwx=server`), holds dUSD and no ether. The devnet's
 * policy sponsors dUSD's approval to the router and the router's token-in swaps: the review says
 * "Gas paid by Walletgate Devnet" (axe in both themes), the approval and the swap go as one user
 * operation the paymaster's deposit pays, the account's ether stays 0, and the balances move as
 * the review said. Then the same without a sign-in server: the embedded wallet asks its own
 * paymaster with its own session (which the page never sees), and the review says the same.
 */
import { parseUnits, type Address } from 'viem'
import type { Page } from '@playwright/test'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { erc20Balance, nativeBalance, rpc } from './support/account-helpers'
import { seriousViolations } from './support/axe'
import { frame, fresh, signIn } from './support/embedded-login'
import { expect, snapshot, test } from './support/fixtures'
import { giveDusd, paymasterDeposit, reloaded } from './support/sponsorship'
import { pickSwapToken, units } from './support/swap-form'
import { setTheme } from './support/theme'
import type { E2eWorld } from './support/world'

test('an account with no ether swaps dUSD for DVT with its gas paid by the app', async ({ page, world }) => {
  test.setTimeout(90_000)
  const rpcUrl = world.rpcUrls[31337]
  await page.goto('/?siwx=server')
  const smart = await signIn(page, world, fresh('sponsored-swap'))
  await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
  // The faucet funded it at login; the test takes the ether away and gives it dUSD.
  await expect.poll(() => nativeBalance(rpcUrl, smart)).toBeGreaterThan(0n)
  await rpc(rpcUrl, 'anvil_setBalance', [smart, '0x0'])
  await giveDusd(world, smart)
  await reloaded(page, smart, 'light')
  const before = await holdings(world, smart)

  const minimum = await reviewSponsoredSwap(page)
  expect(await seriousViolations(page)).toEqual([])
  await snapshot(page, 'sponsored-swap-review-light')
  // The same review in the dark theme (the toggle lives outside the modal).
  await page.keyboard.press('Escape')
  await setTheme(page, 'dark')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('account-swap').click()
  await expect(page.getByTestId('swap-minimum')).toContainText('DVT')
  await page.getByTestId('swap-review').click()
  await expect(page.getByTestId('swap-preview-sponsored')).toHaveText('Gas paid by Walletgate Devnet')
  expect(await seriousViolations(page)).toEqual([])
  await snapshot(page, 'sponsored-swap-review-dark')

  await confirmAndCheck(page, world, smart, before, minimum)
})

test('without a sign-in server, the embedded wallet asks its own paymaster and the swap is sponsored all the same', async ({ page, world }) => {
  test.setTimeout(90_000)
  const rpcUrl = world.rpcUrls[31337]
  // No ?siwx=server: the page signs nobody in; the wallet's own session is what the paymaster sees.
  await page.goto('/')
  const smart = await signIn(page, world, fresh('wallet-sponsored-swap'))
  await expect.poll(() => nativeBalance(rpcUrl, smart)).toBeGreaterThan(0n)
  await rpc(rpcUrl, 'anvil_setBalance', [smart, '0x0'])
  await giveDusd(world, smart)
  await page.reload()
  await expect(page.getByTestId('demo-account')).toContainText(smart)
  const before = await holdings(world, smart)
  const minimum = await reviewSponsoredSwap(page)
  await confirmAndCheck(page, world, smart, before, minimum)
})

/** The paymaster's deposit and the account's dUSD and DVT. */
async function holdings(world: E2eWorld, account: Address) {
  const rpcUrl = world.rpcUrls[31337]
  return { deposit: await paymasterDeposit(world), dusd: await erc20Balance(rpcUrl, DEVNET_CONTRACTS.dUSD, account), dvt: await erc20Balance(rpcUrl, DEVNET_CONTRACTS.DVT, account) }
}

/** Opens Swap from the page's button, asks 10 dUSD for DVT and its review: the app pays the gas; the review's minimum. */
async function reviewSponsoredSwap(page: Page): Promise<bigint> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('account-swap').click()
  await expect(page.getByTestId('view-Swap')).toBeVisible()
  await pickSwapToken(page, 'from', 'dUSD')
  await pickSwapToken(page, 'to', 'DVT')
  await page.getByTestId('swap-amount').fill('10')
  await expect(page.getByTestId('swap-minimum')).toContainText('DVT')
  await page.getByTestId('swap-review').click()
  await expect(page.getByTestId('view-SwapPreview')).toBeVisible()
  await expect(page.getByTestId('swap-preview-sponsored')).toHaveText('Gas paid by Walletgate Devnet')
  await expect(page.getByTestId('swap-preview-not-sponsored')).toHaveCount(0)
  return units((await page.getByTestId('swap-preview-minimum').textContent()) ?? '', 18)
}

/** Confirms in the modal and the wallet frame: DVT arrives (at least the minimum), 10 dUSD leave, no ether moves, the deposit paid. */
async function confirmAndCheck(page: Page, world: E2eWorld, smart: Address, before: Awaited<ReturnType<typeof holdings>>, minimum: bigint): Promise<void> {
  const rpcUrl = world.rpcUrls[31337]
  await page.getByTestId('swap-confirm').click()
  await frame(page).getByTestId('frame-approve').click()
  await expect.poll(() => erc20Balance(rpcUrl, DEVNET_CONTRACTS.DVT, smart), { timeout: 30_000 }).toBeGreaterThanOrEqual(before.dvt + minimum)
  expect(await erc20Balance(rpcUrl, DEVNET_CONTRACTS.dUSD, smart)).toBe(before.dusd - parseUnits('10', 6))
  expect(await nativeBalance(rpcUrl, smart)).toBe(0n)
  expect(await paymasterDeposit(world)).toBeLessThan(before.deposit)
  await expect(page.getByTestId('embedded-approval')).toBeHidden()
}
