/**
 * Gas the app pays (docs/sponsorship.md): an email-login visitor on the embedded smart account,
 * signed in with the devnet service (`?siwx=server`), holds dUSD and no ether. The devnet's policy
 * for walletgate-test sponsors dUSD transfers, one operation per account a day: the first send's
 * review says "Gas paid by Walletgate Devnet" and the paymaster's deposit pays for it; the next
 * review says the account's free transactions for today are used up, and shows the fee.
 */
import { parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { erc20Balance, nativeBalance, rpc } from './support/account-helpers'
import { giveDusd, paymasterDeposit as deposit, reloaded } from './support/sponsorship'
import { seriousViolations } from './support/axe'
import { frame, fresh, signIn } from './support/embedded-login'
import { expect, snapshot, test } from './support/fixtures'
import type { Page } from '@playwright/test'

/** Opens the Account view from the page's button, fills the send form with `amount` dUSD to `to` and opens its review. */
async function reviewDusdSend(page: Page, to: Address, amount: string): Promise<void> {
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('view-Account')).toBeVisible()
  await page.getByTestId('account-send').click()
  const token = page.getByTestId('send-token')
  await expect(token.locator('option', { hasText: 'dUSD ·' })).toHaveCount(1)
  await token.selectOption({ label: (await token.locator('option', { hasText: 'dUSD ·' }).textContent()) ?? '' })
  await page.getByTestId('send-amount').fill(amount)
  await page.getByTestId('send-receiver').fill(to)
  await page.getByTestId('send-review').click()
  await expect(page.getByTestId('view-SendPreview')).toBeVisible()
}

test('an account with no ether sends dUSD with its gas paid by the app; the next send is over the daily limit and says so', async ({ page, world }) => {
  test.setTimeout(90_000)
  await page.goto('/?siwx=server')
  const smart = await signIn(page, world, fresh('sponsored'))
  await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
  // The faucet funded it at login; the test takes the ether away and gives it dUSD, then the page
  // reads the account anew (the visitor and the sign-in stay).
  await expect.poll(() => nativeBalance(world.rpcUrls[31337], smart)).toBeGreaterThan(0n)
  await rpc(world.rpcUrls[31337], 'anvil_setBalance', [smart, '0x0'])
  await giveDusd(world, smart)
  await reloaded(page, smart, 'light')
  const before = await deposit(world)

  const first = privateKeyToAccount(generatePrivateKey()).address
  await reviewDusdSend(page, first, '5')
  await expect(page.getByTestId('send-preview-sponsored')).toHaveText('Gas paid by Walletgate Devnet')
  await expect(page.getByTestId('send-preview-not-sponsored')).toHaveCount(0)
  expect(await seriousViolations(page)).toEqual([])
  await snapshot(page, 'sponsored-gas-review-light')

  await page.getByTestId('send-confirm').click()
  await frame(page).getByTestId('frame-approve').click()
  await expect.poll(() => erc20Balance(world.rpcUrls[31337], DEVNET_CONTRACTS.dUSD, first), { timeout: 30_000 }).toBe(parseUnits('5', 6))
  expect(await nativeBalance(world.rpcUrls[31337], smart)).toBe(0n)
  expect(await deposit(world)).toBeLessThan(before)
  await expect(page.getByTestId('embedded-approval')).toBeHidden()

  // The policy allows one operation per account a day: the next one is the visitor's to pay.
  await rpc(world.rpcUrls[31337], 'anvil_setBalance', [smart, '0xde0b6b3a7640000'])
  await reloaded(page, smart, 'dark')
  await reviewDusdSend(page, privateKeyToAccount(generatePrivateKey()).address, '1')
  await expect(page.getByTestId('send-preview-not-sponsored')).toHaveText("You pay the network fee: this account's free transactions for today are used up.")
  await expect(page.getByTestId('send-preview-sponsored')).toHaveCount(0)
  await expect(page.getByTestId('send-preview-fee')).toContainText('ETH')
  expect(await seriousViolations(page)).toEqual([])
  await snapshot(page, 'sponsored-gas-over-limit-dark')
})
