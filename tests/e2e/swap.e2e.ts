/**
 * Swapping through the modal against the devnet's Uniswap V2 pools, end to end: real quotes, real
 * approvals and swaps, balances read from the chain. Each test swaps from its own devnet account
 * (#3 and #8 on Devnet A, which no other suite uses).
 */
import type { Page } from '@playwright/test'
import { createPublicClient, createWalletClient, erc20Abi, http, parseAbi, parseEther, type Address, type Hash } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEVNET_CONTRACTS, devnetViemChain } from '../../devnet/src/config'
import { expect, snapshot, test } from './support/fixtures'
import { fillSwap, units } from './support/swap-form'
import type { E2eWorld } from './support/world'

const WALLET = 'dev.walletgate.devnet'
const ROUTER_ABI = parseAbi(['function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)'])

function chainA(world: E2eWorld) {
  return createPublicClient({ transport: http(world.rpcUrls[31337]) })
}

async function balances(world: E2eWorld, address: Address) {
  const client = chainA(world)
  const [eth, dusd, nonce, allowance] = await Promise.all([
    client.getBalance({ address }),
    client.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    client.getTransactionCount({ address }),
    client.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'allowance', args: [address, DEVNET_CONTRACTS.swapRouter] }),
  ])
  return { eth, dusd, nonce, allowance }
}

/** Every transaction `from` sent after `afterBlock`: where to, its input and what it cost in gas. */
async function sentSince(world: E2eWorld, from: Address, afterBlock: bigint) {
  const client = chainA(world)
  const head = await client.getBlockNumber({ cacheTime: 0 })
  const sent: { hash: Hash; fee: bigint; to: Address | null; input: string }[] = []
  for (let n = afterBlock + 1n; n <= head; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== from.toLowerCase()) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      sent.push({ hash: tx.hash, fee: receipt.gasUsed * receipt.effectiveGasPrice, to: tx.to, input: tx.input })
    }
  }
  return sent
}

async function connectAs(page: Page, accountIndex: number, options: { noBatches?: boolean } = {}) {
  await page.addInitScript((init) => {
    ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = init
  }, { mode: 'approve', accountIndex, ...options })
  await page.goto('/')
  await page.waitForFunction(() => (window as unknown as { devWallet?: unknown }).devWallet !== undefined)
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${WALLET}`).click()
  await expect(page.getByTestId('demo-account')).toContainText('eip155:31337')
  const view = page.getByTestId('view-Account')
  if (!(await view.isVisible())) await page.getByTestId('connect-button').click()
  await expect(view).toBeVisible()
}

async function setMode(page: Page, mode: 'approve' | 'reject') {
  await page.evaluate((m) => (window as unknown as { devWallet: { setMode(m: string): void } }).devWallet.setMode(m), mode)
}

test.describe('swap', () => {
  test('ETH for dUSD and back with a wallet without batches: bounds on chain, one exact approval then the swap (two requests), none when the allowance suffices', async ({ page, world }) => {
    const me = world.accounts[3]!.address
    const start = await chainA(world).getBlockNumber({ cacheTime: 0 })
    // A wallet without EIP-5792: the approval and the swap are two requests (the batch path has swap-batch.e2e.ts).
    await connectAs(page, 3, { noBatches: true })

    // 1 ETH → dUSD: no approval for the native coin.
    await page.getByTestId('account-swap').click()
    const quote = await fillSwap(page, 'ETH', 'dUSD', '1')
    await snapshot(page, 'swap-form')
    await page.getByTestId('swap-review').click()
    await expect(page.getByTestId('view-SwapPreview')).toBeVisible()
    await expect(page.getByTestId('swap-preview-approval')).toHaveCount(0)
    const minimum = units((await page.getByTestId('swap-preview-minimum').textContent()) ?? '', 6)
    expect(minimum).toBe(units(quote.minimum, 6))
    // Written as Send's review writes amounts: grouped, with their values in the visitor's currency.
    await expect(page.getByTestId('swap-preview-from')).toHaveText(/^1 ETH \(≈ \$[\d,]+\.\d\d\)$/)
    await expect(page.getByTestId('swap-preview-to')).toContainText(/^[\d,]+(\.\d{1,6})? dUSD \(≈ \$/)
    await expect(page.getByTestId('swap-preview-fee')).toContainText(/ETH \(≈ \$/)
    const before = await balances(world, me)
    await page.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    const after = await balances(world, me)
    const received = after.dusd - before.dusd
    expect(received).toBeGreaterThanOrEqual(minimum)
    expect(received).toBeLessThanOrEqual(units(quote.toAmount, 6))
    const first = await sentSince(world, me, start)
    expect(first.map((t) => t.to)).toEqual([DEVNET_CONTRACTS.swapRouter.toLowerCase()])
    expect(before.eth - after.eth).toBe(parseEther('1') + first[0]!.fee)

    // Back: the dUSD received → ETH asks for one approval of exactly that amount, then the swap.
    const back = received
    const backText = (Number(back) / 1e6).toFixed(6).replace(/\.?0+$/, '')
    const mid = await chainA(world).getBlockNumber({ cacheTime: 0 })
    await page.getByTestId('account-swap').click()
    await fillSwap(page, 'dUSD', 'ETH', backText)
    await page.getByTestId('swap-review').click()
    await expect(page.getByTestId('swap-preview-approval')).toBeVisible()
    await page.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    const backSent = await sentSince(world, me, mid)
    expect(backSent.map((t) => t.to)).toEqual([DEVNET_CONTRACTS.dUSD.toLowerCase(), DEVNET_CONTRACTS.swapRouter.toLowerCase()])
    const asked = await page.evaluate(() =>
      (window as unknown as { devWallet: { requests: { method: string; outcome: string }[] } }).devWallet.requests
        .filter((entry) => entry.method.startsWith('wallet_') || entry.method === 'eth_sendTransaction')
        .map((entry) => `${entry.method} ${entry.outcome}`),
    )
    // Asked once whether it batches (no), then one transaction for the approval and one for the swap.
    expect(asked.filter((line) => line.startsWith('wallet_sendCalls'))).toEqual([])
    expect(asked.filter((line) => line.startsWith('eth_sendTransaction')).slice(-2)).toEqual(['eth_sendTransaction ok', 'eth_sendTransaction ok'])
    expect(backSent[0]!.input.slice(0, 10)).toBe('0x095ea7b3')
    expect(BigInt(`0x${backSent[0]!.input.slice(-64)}`)).toBe(back)
    const afterBack = await balances(world, me)
    expect(after.dusd - afterBack.dusd).toBe(back)
    expect(afterBack.allowance).toBe(0n)

    // With enough allowance already granted, an identical swap asks for no approval.
    const owner = createWalletClient({ account: privateKeyToAccount(world.accounts[3]!.privateKey), chain: devnetViemChain(31337, world.rpcUrls[31337]), transport: http(world.rpcUrls[31337]) })
    await chainA(world).waitForTransactionReceipt({
      hash: await owner.writeContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'approve', args: [DEVNET_CONTRACTS.swapRouter, back] }),
    })
    const third = await chainA(world).getBlockNumber({ cacheTime: 0 })
    await page.getByTestId('account-swap').click()
    await fillSwap(page, 'dUSD', 'ETH', backText)
    await page.getByTestId('swap-review').click()
    await expect(page.getByTestId('view-SwapPreview')).toBeVisible()
    await expect(page.getByTestId('swap-preview-approval')).toHaveCount(0)
    await page.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    expect((await sentSince(world, me, third)).map((t) => t.to)).toEqual([DEVNET_CONTRACTS.swapRouter.toLowerCase()])
  })

  test('a rejected approval or swap sends nothing and keeps the form; a double click swaps once; a moved pool shows the new quote and sends nothing', async ({ page, world }) => {
    const me = world.accounts[8]!.address
    await connectAs(page, 8)

    // A rejected approval: nothing sent, the preview stays, and Edit finds the form as it was.
    await page.getByTestId('account-swap').click()
    await fillSwap(page, 'dUSD', 'ETH', '10')
    await page.getByTestId('swap-review').click()
    await expect(page.getByTestId('swap-preview-approval')).toBeVisible()
    const before = await balances(world, me)
    await setMode(page, 'reject')
    await page.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('swap-preview-error')).toHaveText('Transaction rejected')
    expect((await balances(world, me)).nonce).toBe(before.nonce)
    await page.getByTestId('swap-edit').click()
    await expect(page.getByTestId('swap-amount')).toHaveValue('10')
    await expect(page.getByTestId('swap-from')).toContainText('dUSD ·')

    // A rejected swap (no approval needed for ETH): nothing sent either.
    await fillSwap(page, 'ETH', 'dUSD', '0.5')
    await page.getByTestId('swap-review').click()
    await page.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('swap-preview-error')).toHaveText('Transaction rejected')
    expect((await balances(world, me)).nonce).toBe(before.nonce)

    // A double click swaps once.
    await setMode(page, 'approve')
    await page.getByTestId('swap-confirm').dblclick()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    expect((await balances(world, me)).nonce).toBe(before.nonce + 1)

    // Someone trades 20 ETH into the pool between preview and confirm: more than the 1 % bound.
    await page.getByTestId('account-swap').click()
    await fillSwap(page, 'ETH', 'dUSD', '1')
    await page.getByTestId('swap-review').click()
    const previewed = units((await page.getByTestId('swap-preview-minimum').textContent()) ?? '', 6)
    const mover = createWalletClient({ account: privateKeyToAccount(world.accounts[8]!.privateKey), chain: devnetViemChain(31337, world.rpcUrls[31337]), transport: http(world.rpcUrls[31337]) })
    const block = await chainA(world).getBlock()
    await chainA(world).waitForTransactionReceipt({
      hash: await mover.writeContract({
        address: DEVNET_CONTRACTS.swapRouter,
        abi: ROUTER_ABI,
        functionName: 'swapExactETHForTokens',
        args: [0n, [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.dUSD], world.accounts[8]!.address, block.timestamp + 600n],
        value: parseEther('20'),
      }),
    })
    const moved = await balances(world, me)
    await page.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('swap-requoted')).toBeVisible()
    await snapshot(page, 'swap-requoted')
    expect((await balances(world, me)).nonce).toBe(moved.nonce)
    const fresh = (await page.getByTestId('swap-requoted').textContent()) ?? ''
    expect(units(fresh.replace(/^.*now receive /, '').replace(/ dUSD.*$/, ''), 6)).toBeLessThan(previewed)
    // Taking the new quote swaps at it.
    await page.getByTestId('swap-accept-quote').click()
    await page.getByTestId('swap-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    expect((await balances(world, me)).nonce).toBe(moved.nonce + 1)
  })
})
