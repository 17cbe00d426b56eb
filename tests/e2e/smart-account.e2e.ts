/**
 * The embedded wallet's smart account on the devnet (ERC-4337 v0.7, a bundler per chain): an
 * email-login visitor is on the smart account by default; its first send, approved in the wallet
 * frame, is a user operation the bundler puts on chain, which deploys the account; the Account view
 * switches to the EOA (another address, its own balance); sign-in with the smart account verifies
 * before (ERC-6492) and after (ERC-1271) the deployment. Each test signs in a fresh email.
 */
import type { Page } from '@playwright/test'
import { createPublicClient, http, parseAbiItem, parseEther, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_SMART_ACCOUNT } from '../../devnet/src/config'
import { expect, snapshot, test } from './support/fixtures'
import { addressShown, frame, fresh, signIn } from './support/embedded-login'
import type { E2eWorld } from './support/world'

const chainA = (world: E2eWorld) => createPublicClient({ transport: http(world.rpcUrls[31337]) })

/** From the Account view: sends `amount` ETH to `to`, approved in the wallet frame. */
async function sendFromAccount(page: Page, to: Address, amount: string): Promise<void> {
  await page.getByTestId('account-send').click()
  const token = page.getByTestId('send-token')
  await token.selectOption({ label: (await token.locator('option', { hasText: 'ETH ·' }).textContent()) ?? '' })
  await page.getByTestId('send-amount').fill(amount)
  await page.getByTestId('send-receiver').fill(to)
  await page.getByTestId('send-review').click()
  await page.getByTestId('send-confirm').click()
  await expect(frame(page).getByText('Approve transaction')).toBeVisible()
  await frame(page).getByTestId('frame-approve').click()
}

/** The account's user operations the EntryPoint ran (its UserOperationEvent logs): whether each succeeded. */
async function userOperations(world: E2eWorld, sender: Address): Promise<boolean[]> {
  const logs = await chainA(world).getLogs({
    address: DEVNET_SMART_ACCOUNT.entryPoint,
    event: parseAbiItem(
      'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
    ),
    args: { sender },
    fromBlock: 0n,
  })
  return logs.map((log) => log.args.success === true)
}

const deployed = async (world: E2eWorld, address: Address): Promise<boolean> => ((await chainA(world).getCode({ address })) ?? '0x') !== '0x'

/** The devnet sign-in server's session for the token the page holds: the address it verified. */
async function signedInAddress(page: Page, world: E2eWorld): Promise<string | undefined> {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(':siwx:server-tokens'))
    return (JSON.parse((key === undefined ? null : localStorage.getItem(key)) ?? '[]') as { token: string }[])[0]?.token ?? null
  })
  if (token === null) return undefined
  const me = await fetch(`${world.serviceUrl}/auth/v1/me`, { headers: { authorization: `Bearer ${token}` } })
  return ((await me.json()) as { address?: string }).address
}

test('a visitor on the smart account sends 0.01 ETH: one user operation, bundled, deploys the account; the switch to the EOA shows its address and balance', async ({ page, world }) => {
  await page.goto('/')
  const smart = await signIn(page, world, fresh('sa'))
  expect(await deployed(world, smart)).toBe(false)
  // Funded before its first use, so its first user operation pays its own gas.
  expect(await chainA(world).getBalance({ address: smart })).toBe(parseEther('10'))

  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('account-kind-type')).toHaveText('Smart account')
  await expect(page.getByTestId('account-smart-deployed')).toContainText('Not deployed yet')
  await expect(page.getByTestId('account-type-smartAccount')).toHaveAttribute('aria-pressed', 'true')
  await snapshot(page, 'smart-account-undeployed')

  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await sendFromAccount(page, receiver, '0.01')
  await expect.poll(() => chainA(world).getBalance({ address: receiver }), { timeout: 20_000 }).toBe(parseEther('0.01'))
  expect(await userOperations(world, smart)).toEqual([true])
  expect(await deployed(world, smart)).toBe(true)
  await expect(page.getByTestId('embedded-approval')).toBeHidden()

  // Back on Account after the send, which reads the deployment anew.
  await expect(page.getByTestId('view-Account')).toBeVisible()
  await expect(page.getByTestId('account-smart-deployed')).toContainText('Deployed')
  await expect(page.getByTestId('account-smart-deployed')).not.toContainText('Not deployed')

  // The EOA: another address, with its own (untouched) funding.
  await page.getByTestId('account-type-eoa').click()
  await expect(page.getByTestId('account-kind-type')).toHaveText('EOA')
  await expect(page.getByTestId('account-type-eoa')).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByTestId('demo-account')).not.toContainText(smart)
  const eoa = await addressShown(page)
  expect(eoa).not.toBe(smart)
  await expect(page.getByTestId('account-balance')).toHaveText(/^10(\.0+)? ETH$/)
  expect(await chainA(world).getBalance({ address: eoa })).toBe(parseEther('10'))
  await snapshot(page, 'smart-account-switched-to-eoa')

  // A reload keeps the choice: the wallet holds it.
  await page.reload()
  await expect(page.getByTestId('demo-account')).toContainText(eoa)
})

test('sign-in with the smart account verifies before its deployment (ERC-6492) and after it (ERC-1271)', async ({ page, world }) => {
  const email = fresh('sa-siwx')
  await page.goto('/?siwx=server')
  const smart = await signIn(page, world, email)
  await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
  expect(await deployed(world, smart)).toBe(false)
  expect((await signedInAddress(page, world))?.toLowerCase()).toBe(smart.toLowerCase())

  // Its first send deploys it.
  await page.getByTestId('connect-button').click()
  await sendFromAccount(page, privateKeyToAccount(generatePrivateKey()).address, '0.01')
  await expect.poll(() => deployed(world, smart), { timeout: 20_000 }).toBe(true)
  await expect(page.getByTestId('embedded-approval')).toBeHidden()
  await page.keyboard.press('Escape')

  // Signed out, then in again: the sign-in message is now signed by the deployed account.
  await page.getByTestId('demo-disconnect').click()
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  expect(await signIn(page, world, email, 1)).toBe(smart)
  await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
  expect((await signedInAddress(page, world))?.toLowerCase()).toBe(smart.toLowerCase())
})
