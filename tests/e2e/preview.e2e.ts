/**
 * Transaction previews on the devnet: the review views show what the chain (Anvil's eth_simulateV1)
 * says a send or a swap does to the visitor's balances, and the chain shows exactly that once the
 * transaction lands; a transfer that would revert says why and offers "Send anyway"; an unlimited
 * approval is warned about. Devnet A's account #9 (whose balances no other suite reads).
 */
import type { Page } from '@playwright/test'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { seriousViolations } from './support/axe'
import { DEVNET_WALLET_RDNS } from './support/dev-wallet'
import { frame, fresh, signIn } from './support/embedded-login'
import { expect, snapshot, test } from './support/fixtures'
import { fillSwap, units } from './support/swap-form'
import { setTheme } from './support/theme'
import type { E2eWorld } from './support/world'

const ACCOUNT = 9

async function balances(world: E2eWorld, address: Address) {
  const client = createPublicClient({ transport: http(world.rpcUrls[31337]) })
  const [eth, dusd, nonce] = await Promise.all([
    client.getBalance({ address }),
    client.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    client.getTransactionCount({ address }),
  ])
  return { eth, dusd, nonce }
}

/** What account #9's transactions since `nonce` cost in gas. */
async function gasSince(world: E2eWorld, address: Address, fromBlock: bigint): Promise<bigint> {
  const client = createPublicClient({ transport: http(world.rpcUrls[31337]) })
  const head = await client.getBlockNumber({ cacheTime: 0 })
  let fee = 0n
  for (let n = fromBlock + 1n; n <= head; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== address.toLowerCase()) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      fee += receipt.gasUsed * receipt.effectiveGasPrice
    }
  }
  return fee
}

/** Connects the Devnet Wallet on account #9 with the demo in `theme`, and shows Account. */
async function connect(page: Page, theme: 'light' | 'dark') {
  // A wallet without batches: the approval and the swap are two requests, as in swap.e2e.ts.
  await page.addInitScript((init) => {
    ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = init
  }, { mode: 'approve', accountIndex: ACCOUNT, noBatches: true })
  await page.goto('/')
  await page.waitForFunction(() => (window as unknown as { devWallet?: unknown }).devWallet !== undefined)
  await setTheme(page, theme)
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`).click()
  await expect(page.getByTestId('demo-account')).toContainText('eip155:31337')
  const view = page.getByTestId('view-Account')
  if (!(await view.isVisible())) await page.getByTestId('connect-button').click()
  await expect(view).toBeVisible()
}

async function fillSend(page: Page, token: 'ETH' | 'dUSD', amount: string, receiver: string) {
  const select = page.getByTestId('send-token')
  const label = await select.locator('option', { hasText: `${token} ·` }).textContent()
  await select.selectOption({ label: label ?? '' })
  await page.getByTestId('send-amount').fill(amount)
  await page.getByTestId('send-receiver').fill(receiver)
}

/** The preview's lines, as shown: "−7.25 dUSD" (values in parentheses left out). */
async function changes(page: Page): Promise<string[]> {
  await expect(page.getByTestId('preview-changes')).toBeVisible()
  return page.getByTestId('preview-change-amount').allTextContents()
}

/** The most the shown fee ("0.001 ETH", "< 0.001 ETH") can stand for, in wei. */
function feeBound(text: string): bigint {
  const value = parseEther(text.replace(/[<\sA-Z]/g, '').split('(')[0]!)
  // A fee shown rounded to 3 decimals stands for up to half a unit of the last digit more.
  return text.trim().startsWith('<') ? value : value + parseEther('0.0005')
}

test.describe('transaction previews', () => {
  test('a send previews the dUSD leaving, the chain then shows exactly that, the fee stays within the estimate', async ({ page, world }) => {
    const me = world.accounts[ACCOUNT]!.address
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await connect(page, 'light')
    const start = await createPublicClient({ transport: http(world.rpcUrls[31337]) }).getBlockNumber({ cacheTime: 0 })
    const before = await balances(world, me)

    await page.getByTestId('account-send').click()
    await fillSend(page, 'dUSD', '7.25', receiver)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('view-SendPreview')).toBeVisible()
    expect(await changes(page)).toEqual(['−7.25 dUSD'])
    await expect(page.getByTestId('preview-change')).toContainText('(≈ $7.25)')
    const fee = (await page.getByTestId('send-preview-fee').textContent()) ?? ''
    expect(await seriousViolations(page)).toEqual([])
    await snapshot(page, 'preview-send-light')

    await page.getByTestId('send-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect.poll(async () => (await balances(world, me)).nonce, { timeout: 15_000 }).toBe(before.nonce + 1)
    const after = await balances(world, me)
    expect(after.dusd - before.dusd).toBe(-parseUnits('7.25', 6))
    const paid = before.eth - after.eth
    expect(paid).toBe(await gasSince(world, me, start))
    expect(paid).toBeLessThanOrEqual(feeBound(fee))
  })

  test('a swap previews ETH out and dUSD in, equal to what lands; an unlimited approval is warned about', async ({ page, world }) => {
    const me = world.accounts[ACCOUNT]!.address
    await connect(page, 'dark')
    const client = createPublicClient({ transport: http(world.rpcUrls[31337]) })
    const start = await client.getBlockNumber({ cacheTime: 0 })
    const before = await balances(world, me)

    await page.getByTestId('account-swap').click()
    await fillSwap(page, 'ETH', 'dUSD', '0.5')
    await page.getByTestId('swap-review').click()
    await expect(page.getByTestId('view-SwapPreview')).toBeVisible()
    const lines = await changes(page)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toBe('−0.5 ETH')
    expect(lines[1]).toMatch(/^\+[\d,]+(\.\d+)? dUSD$/)
    const previewed = units(lines[1]!.slice(1), 6)
    expect(await seriousViolations(page)).toEqual([])
    await snapshot(page, 'preview-swap-dark')
    await page.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    const after = await balances(world, me)
    expect(after.dusd - before.dusd).toBe(previewed)
    expect(before.eth - after.eth).toBe(parseEther('0.5') + (await gasSince(world, me, start)))

    // A swap service that builds an unlimited approval (not the exact amount the swap needs) is called out.
    await page.route('**/v1/convert/build-approve**', async (route) => {
      const response = await route.fetch()
      const body = (await response.json()) as { tx: { data: string } }
      await route.fulfill({ response, json: { tx: { ...body.tx, data: `${body.tx.data.slice(0, 74)}${'f'.repeat(64)}` } } })
    })
    await page.getByTestId('account-swap').click()
    await fillSwap(page, 'dUSD', 'ETH', '3')
    await page.getByTestId('swap-review').click()
    await expect(page.getByTestId('swap-preview-approval')).toBeVisible()
    await expect(page.getByTestId('risk-unlimitedApproval')).toHaveText('This allows spending an unlimited amount of your dUSD.')
    // The simulation ran the unlimited approval and the swap: dUSD out, ETH in.
    expect(await changes(page)).toEqual([expect.stringMatching(/^−3 dUSD$/), expect.stringMatching(/^\+0\.\d+ ETH$/)])
  })

  test('a transfer that would revert is previewed as failing with its reason, and can be sent anyway', async ({ page, world }) => {
    const me = world.accounts[ACCOUNT]!.address
    await connect(page, 'dark')
    const before = await balances(world, me)
    await page.getByTestId('account-send').click()
    await fillSend(page, 'dUSD', '1', '0x0000000000000000000000000000000000000000')
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('view-SendPreview')).toBeVisible()
    await expect(page.getByTestId('preview-reverted')).toHaveText('This transaction would fail: transfer to zero')
    await expect(page.getByTestId('send-confirm')).toHaveText('Send anyway')
    await expect(page.getByTestId('send-confirm')).toBeDisabled()
    await page.getByTestId('send-acknowledge').check()
    await expect(page.getByTestId('send-confirm')).toBeEnabled()
    expect(await seriousViolations(page)).toEqual([])
    await snapshot(page, 'preview-send-reverted-dark')
    expect(await balances(world, me)).toEqual(before)
  })

  test('an email-login visitor sees the same preview inside the wallet frame, computed there', async ({ page, world }) => {
    await page.goto('/')
    const address = await signIn(page, world, fresh('preview'))
    const before = await createPublicClient({ transport: http(world.rpcUrls[31337]) }).getBalance({ address })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    await page.getByTestId('connect-button').click()
    await page.getByTestId('account-send').click()
    await fillSend(page, 'ETH', '0.01', receiver)
    await page.getByTestId('send-review').click()
    expect(await changes(page)).toEqual(['−0.01 ETH'])
    await page.getByTestId('send-confirm').click()
    await expect(page.getByTestId('embedded-approval')).toBeVisible()
    // The frame's own reading: simulated by the wallet service from the visitor's address.
    await expect(frame(page).getByText('Balance change')).toBeVisible()
    await expect(frame(page).getByText('−0.01 ETH', { exact: true })).toBeVisible()
    await snapshot(page, 'preview-frame')
    await frame(page).getByTestId('frame-reject').click()
    await expect(page.getByTestId('embedded-approval')).toBeHidden()
    expect(await createPublicClient({ transport: http(world.rpcUrls[31337]) }).getBalance({ address })).toBe(before)
  })
})
