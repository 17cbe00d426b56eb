/**
 * A swap that needs an approval, sent as ONE EIP-5792 batch (approve + swap) to a wallet that
 * offers batches: the demo's Devnet Wallet (an EOA: one approval in its panel, then the two
 * transactions in order) and the embedded smart account (one confirmation in the wallet frame, one
 * user operation carrying both calls). Balances are read from the chain.
 */
import { createPublicClient, erc20Abi, http, parseAbiItem, parseUnits, type Address } from 'viem'
import { DEVNET_CONTRACTS, DEVNET_SMART_ACCOUNT } from '../../devnet/src/config'
import { expect, snapshot, test } from './support/fixtures'
import type { E2eWorld } from './support/world'
import { fresh, frame, loginCode, openConnect } from './support/embedded-login'
import { fillSwap, units } from './support/swap-form'

const WALLET = 'dev.walletgate.devnet'
const chainA = (world: E2eWorld) => createPublicClient({ transport: http(world.rpcUrls[31337]) })

type DevWallet = {
  setMode(mode: string): void
  approve(): boolean
  readonly waiting: readonly { method: string; summary: string }[]
  readonly requests: readonly { method: string; outcome: string }[]
}

async function holdings(world: E2eWorld, address: Address) {
  const client = chainA(world)
  const [eth, dusd, allowance] = await Promise.all([
    client.getBalance({ address }),
    client.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    client.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'allowance', args: [address, DEVNET_CONTRACTS.swapRouter] }),
  ])
  return { eth, dusd, allowance }
}

/** Every transaction `from` sent after `afterBlock`: its receiver, input and whether it succeeded. */
async function sentSince(world: E2eWorld, from: Address, afterBlock: bigint) {
  const client = chainA(world)
  const head = await client.getBlockNumber({ cacheTime: 0 })
  const sent: { to: Address | null; input: string; success: boolean }[] = []
  for (let n = afterBlock + 1n; n <= head; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== from.toLowerCase()) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      sent.push({ to: tx.to, input: tx.input, success: receipt.status === 'success' })
    }
  }
  return sent
}

test.describe('swap as one batch', () => {
  test('with the Devnet Wallet: one approval in the wallet for approve + swap, both transactions land, balances move', async ({ page, world }) => {
    const me = world.accounts[5]!.address
    await page.addInitScript((init) => {
      ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = init
    }, { mode: 'approve', accountIndex: 5 })
    await page.goto('/')
    await page.waitForFunction(() => (window as unknown as { devWallet?: unknown }).devWallet !== undefined)
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${WALLET}`).click()
    await expect(page.getByTestId('demo-account')).toContainText('eip155:31337')
    if (!(await page.getByTestId('view-Account').isVisible())) await page.getByTestId('connect-button').click()

    // Some dUSD first (the native coin needs no approval: a plain transaction).
    await page.getByTestId('account-swap').click()
    await fillSwap(page, 'ETH', 'dUSD', '0.5')
    await page.getByTestId('swap-review').click()
    await page.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()

    // dUSD back to ETH: the approval and the swap go to the wallet as one request.
    const before = await holdings(world, me)
    expect(before.allowance).toBe(0n)
    const amount = before.dusd / 2n
    const amountText = (Number(amount) / 1e6).toFixed(6).replace(/\.?0+$/, '')
    const start = await chainA(world).getBlockNumber({ cacheTime: 0 })
    const requestsBefore = (await page.evaluate(() => (window as unknown as { devWallet: DevWallet }).devWallet.requests.length)) as number
    await page.getByTestId('account-swap').click()
    await fillSwap(page, 'dUSD', 'ETH', amountText)
    await page.getByTestId('swap-review').click()
    await expect(page.getByTestId('swap-preview-approval')).toContainText('asks once')
    const minimum = units((await page.getByTestId('swap-preview-minimum').textContent()) ?? '', 18)
    await snapshot(page, 'swap-batch-preview')
    await page.evaluate(() => (window as unknown as { devWallet: DevWallet }).devWallet.setMode('manual'))
    await page.getByTestId('swap-confirm').click()
    await expect.poll(() => page.evaluate(() => (window as unknown as { devWallet: DevWallet }).devWallet.waiting.map((w) => w.method))).toEqual(['wallet_sendCalls'])
    await expect(page.getByTestId('devnet-wallet-panel')).toContainText('Send 2 calls')
    await snapshot(page, 'swap-batch-wallet-approval')
    expect(await page.evaluate(() => (window as unknown as { devWallet: DevWallet }).devWallet.approve())).toBe(true)
    await expect(page.getByTestId('view-Account')).toBeVisible({ timeout: 20_000 })

    // One request to the wallet that sends anything, and no second approval asked for.
    const asked = (await page.evaluate(() => (window as unknown as { devWallet: DevWallet }).devWallet.requests.map((r) => r.method))) as string[]
    const sending = asked.slice(requestsBefore).filter((m) => m === 'wallet_sendCalls' || m === 'eth_sendTransaction')
    expect(sending).toEqual(['wallet_sendCalls'])
    expect(await page.evaluate(() => (window as unknown as { devWallet: DevWallet }).devWallet.waiting.length)).toBe(0)

    // Both transactions landed, in order: approve exactly the amount, then the swap.
    const sent = await sentSince(world, me, start)
    expect(sent.map((t) => t.to)).toEqual([DEVNET_CONTRACTS.dUSD.toLowerCase(), DEVNET_CONTRACTS.swapRouter.toLowerCase()])
    expect(sent.every((t) => t.success)).toBe(true)
    expect(sent[0]!.input.slice(0, 10)).toBe('0x095ea7b3')
    expect(BigInt(`0x${sent[0]!.input.slice(-64)}`)).toBe(amount)
    const after = await holdings(world, me)
    expect(before.dusd - after.dusd).toBe(amount)
    expect(after.allowance).toBe(0n)
    // ETH received at least the minimum, less the gas of the two transactions (well under 0.01 ETH on the devnet).
    expect(after.eth - before.eth).toBeGreaterThan(minimum - parseUnits('0.01', 18))
  })

  test('with an email-login smart account: one confirmation in the wallet frame, one user operation for approve + swap', async ({ page, world }) => {
    await page.goto('/')
    const email = fresh('batch')
    await openConnect(page)
    await page.getByTestId('email-input').fill(email)
    await page.getByTestId('email-submit').click()
    await expect(page.getByTestId('view-EmailVerifyOtp')).toBeVisible()
    await page.getByTestId('otp-box-0').fill(await loginCode(world, email))
    await expect(page.getByTestId('demo-account')).toContainText('on eip155:31337')
    const smart = ((await page.getByTestId('demo-account').textContent()) ?? '').match(/0x[0-9a-fA-F]{40}/)![0] as Address
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('account-kind-type')).toHaveText('Smart account')

    // Some dUSD first: one user operation (it also deploys the account).
    await page.getByTestId('account-swap').click()
    await fillSwap(page, 'ETH', 'dUSD', '0.5')
    await page.getByTestId('swap-review').click()
    await page.getByTestId('swap-confirm').click()
    await expect(frame(page).getByText('Approve transaction')).toBeVisible()
    await frame(page).getByTestId('frame-approve').click()
    await expect(page.getByTestId('view-Account')).toBeVisible({ timeout: 30_000 })
    await expect.poll(async () => (await holdings(world, smart)).dusd, { timeout: 20_000 }).toBeGreaterThan(0n)

    const before = await holdings(world, smart)
    const amount = before.dusd / 2n
    const amountText = (Number(amount) / 1e6).toFixed(6).replace(/\.?0+$/, '')
    await page.getByTestId('account-swap').click()
    await fillSwap(page, 'dUSD', 'ETH', amountText)
    await page.getByTestId('swap-review').click()
    await expect(page.getByTestId('swap-preview-approval')).toContainText('asks once')
    await page.getByTestId('swap-confirm').click()
    // One confirmation for both calls.
    await expect(frame(page).getByText('Approve transactions')).toBeVisible()
    await snapshot(page, 'swap-batch-frame-approval')
    await frame(page).getByTestId('frame-approve').click()
    await expect(page.getByTestId('view-Account')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('embedded-approval')).toBeHidden()

    const after = await holdings(world, smart)
    expect(before.dusd - after.dusd).toBe(amount)
    expect(after.allowance).toBe(0n)
    expect(after.eth).toBeGreaterThan(before.eth)
    // Two user operations in all (the first swap, then approve + swap together), both succeeded.
    const ops = await chainA(world).getLogs({
      address: DEVNET_SMART_ACCOUNT.entryPoint,
      event: parseAbiItem(
        'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
      ),
      args: { sender: smart },
      fromBlock: 0n,
    })
    expect(ops.map((log) => log.args.success)).toEqual([true, true])
  })
})
