/**
 * Sending real value through the modal on the devnet, end to end. Each test sends from its
 * own devnet accounts (never account 0 or 1, which other suites read), so no snapshot/revert is
 * needed (the devnet's history indexer does not follow a reverted chain).
 */
import type { Page } from '@playwright/test'
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type Address, type Hash } from 'viem'
import { DEVNET_CONTRACTS } from '../../devnet/src/config'
import { expect, snapshot, test } from './support/fixtures'
import type { E2eWorld } from './support/world'

const WALLET = 'dev.walletgate.devnet'

function chainA(world: E2eWorld) {
  return createPublicClient({ transport: http(world.rpcUrls[31337]) })
}

async function balances(world: E2eWorld, address: Address) {
  const client = chainA(world)
  const [native, dusd, nonce] = await Promise.all([
    client.getBalance({ address }),
    client.readContract({ address: DEVNET_CONTRACTS.dUSD, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
    client.getTransactionCount({ address }),
  ])
  return { native, dusd, nonce }
}

/** Every transaction `from` sent in blocks after `afterBlock`, with what it cost in gas. */
async function sentSince(world: E2eWorld, from: Address, afterBlock: bigint) {
  const client = chainA(world)
  const head = await client.getBlockNumber({ cacheTime: 0 })
  const sent: { hash: Hash; fee: bigint; to: Address | null }[] = []
  for (let n = afterBlock + 1n; n <= head; n++) {
    const block = await client.getBlock({ blockNumber: n, includeTransactions: true })
    for (const tx of block.transactions) {
      if (tx.from.toLowerCase() !== from.toLowerCase()) continue
      const receipt = await client.getTransactionReceipt({ hash: tx.hash })
      sent.push({ hash: tx.hash, fee: receipt.gasUsed * receipt.effectiveGasPrice, to: tx.to })
    }
  }
  return sent
}

/** Opens the demo with the Devnet Wallet on `accountIndex` in `mode`, connects and shows Account. */
async function connectAs(page: Page, accountIndex: number, mode: 'approve' | 'reject' = 'approve') {
  await page.addInitScript((init) => {
    ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = init
  }, { mode, accountIndex })
  await page.goto('/')
  // The wallet installs itself from its own chunk, like an extension.
  await page.waitForFunction(() => (window as unknown as { devWallet?: unknown }).devWallet !== undefined)
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${WALLET}`).click()
  // Connecting closes the modal; the connect button then opens the Account view.
  await expect(page.getByTestId('demo-account')).toContainText('eip155:31337')
  const view = page.getByTestId('view-Account')
  if (!(await view.isVisible())) await page.getByTestId('connect-button').click()
  await expect(view).toBeVisible()
}

async function setMode(page: Page, mode: 'approve' | 'reject' | 'manual') {
  await page.evaluate((m) => (window as unknown as { devWallet: { setMode(m: string): void } }).devWallet.setMode(m), mode)
}

async function fillSend(page: Page, token: 'ETH' | 'dUSD' | undefined, amount: string, receiver: string) {
  if (token !== undefined) {
    const select = page.getByTestId('send-token')
    const label = await select.locator('option', { hasText: `${token} ·` }).textContent()
    await select.selectOption({ label: label ?? '' })
  }
  await page.getByTestId('send-amount').fill(amount)
  await page.getByTestId('send-receiver').fill(receiver)
}

test.describe('send', () => {
  test('sends 0.25 ETH and 10.5 dUSD; chain balances are exact; Activity and Tokens update without a reload', async ({ page, world }) => {
    const sender = world.accounts[5]!.address
    const receiver = world.accounts[6]!.address
    const startBlock = await chainA(world).getBlockNumber({ cacheTime: 0 })
    const before = { sender: await balances(world, sender), receiver: await balances(world, receiver) }

    await connectAs(page, 5)
    await page.getByTestId('account-send').click()
    await expect(page.getByTestId('view-Send')).toBeVisible()

    // Native: 0.25 ETH.
    await fillSend(page, 'ETH', '0.25', receiver)
    await expect(page.getByTestId('send-fiat')).toHaveText('≈ $625.00')
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('view-SendPreview')).toBeVisible()
    await expect(page.getByTestId('send-preview-amount')).toHaveText('0.25 ETH')
    await expect(page.getByTestId('send-preview-fee')).toContainText('ETH')
    await snapshot(page, 'send-preview')
    await page.getByTestId('send-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('snack')).toHaveText(/Sent 0\.25 ETH/)
    // The success snack links to the transaction on the devnet's explorer.
    await expect(page.getByTestId('snack-link')).toHaveAttribute('href', /\/explorer\/31337\/tx\/0x[0-9a-f]{64}$/)

    // ERC20: 10.5 dUSD, typed with a comma.
    await page.getByTestId('account-send').click()
    await expect(page.getByTestId('send-amount')).toHaveValue('')
    await fillSend(page, 'dUSD', '10,5', receiver)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-preview-amount')).toHaveText('10.5 dUSD')
    await page.getByTestId('send-confirm').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('snack')).toHaveText(/Sent 10\.5 dUSD/)

    // The chain holds exactly the expected amounts.
    await expect
      .poll(async () => (await balances(world, sender)).nonce, { timeout: 15_000 })
      .toBe(before.sender.nonce + 2)
    const sent = await sentSince(world, sender, startBlock)
    expect(sent).toHaveLength(2)
    const gas = sent.reduce((sum, tx) => sum + tx.fee, 0n)
    const after = { sender: await balances(world, sender), receiver: await balances(world, receiver) }
    expect(after.sender.native).toBe(before.sender.native - parseEther('0.25') - gas)
    expect(after.receiver.native).toBe(before.receiver.native + parseEther('0.25'))
    expect(after.sender.dusd).toBe(before.sender.dusd - parseUnits('10.5', 6))
    expect(after.receiver.dusd).toBe(before.receiver.dusd + parseUnits('10.5', 6))

    // Activity: both transfers under the current month, newest first, one entry per hash.
    await page.getByTestId('account-tab-Activity').click()
    const [year, month] = await page.evaluate(() => [new Date().getFullYear(), new Date().getMonth() + 1])
    const monthSection = page.getByTestId(`activity-month-${year}-${String(month).padStart(2, '0')}`)
    const [nativeTx, tokenTx] = sent.map((tx) => tx.hash.toLowerCase())
    const tokenRow = monthSection.getByTestId(`activity-${tokenTx}`)
    const nativeRow = monthSection.getByTestId(`activity-${nativeTx}`)
    await expect(tokenRow).toHaveCount(1)
    await expect(nativeRow).toHaveCount(1)
    await expect(tokenRow.getByTestId('activity-amount')).toHaveText('−10.500 dUSD')
    await expect(nativeRow.getByTestId('activity-amount')).toHaveText('−0.250 ETH')
    await expect(tokenRow.getByTestId('activity-status')).toHaveText('Confirmed')
    await expect(nativeRow.getByTestId('activity-status')).toHaveText('Confirmed')
    // A token send names the person it went to, not the token's contract the transaction called.
    await expect(tokenRow.getByTitle(receiver, { exact: true })).toBeVisible()
    await expect(tokenRow.getByTitle(DEVNET_CONTRACTS.dUSD)).toHaveCount(0)
    await expect(nativeRow.getByTitle(receiver, { exact: true })).toBeVisible()
    const order = await monthSection.locator('[data-testid^="activity-0x"]').evaluateAll((rows) =>
      rows.map((r) => r.getAttribute('data-testid')),
    )
    expect(order.indexOf(`activity-${tokenTx}`)).toBeLessThan(order.indexOf(`activity-${nativeTx}`))
    await snapshot(page, 'activity-after-send')

    // Tokens: the new balances, without a reload.
    await page.getByTestId('account-tab-Tokens').click()
    const dusdLeft = (after.sender.dusd / 1_000n).toString() // 3 decimals of a 6-decimal token
    // Written the visitor's way (en-US: thousands grouped).
    await expect(page.getByTestId('token-dUSD')).toContainText(
      `${BigInt(dusdLeft.slice(0, -3) || '0').toLocaleString('en-US')}.${dusdLeft.slice(-3)} dUSD`,
    )
  })

  test('an invalid address, an empty amount, too much and a wallet rejection each say so and send nothing', async ({ page, world }) => {
    const sender = world.accounts[7]!.address
    const receiver = world.accounts[6]!.address
    const before = await balances(world, sender)

    await connectAs(page, 7)
    await page.getByTestId('account-send').click()

    await fillSend(page, 'ETH', '0.1', '0x1234')
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-error')).toHaveText('Invalid address')

    await fillSend(page, undefined, '', receiver)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-error')).toHaveText('An amount and receiver address are required')

    await fillSend(page, 'dUSD', '1000000', receiver)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-error')).toHaveText('Insufficient funds')
    await expect(page.getByTestId('view-Send')).toBeVisible()

    // A rejection in the wallet keeps the form.
    await fillSend(page, 'ETH', '0.3', receiver)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('view-SendPreview')).toBeVisible()
    await setMode(page, 'reject')
    await page.getByTestId('send-confirm').click()
    await expect(page.getByTestId('send-error')).toHaveText('Transaction rejected')
    await expect(page.getByTestId('view-SendPreview')).toBeVisible()
    await snapshot(page, 'send-rejected')
    await page.getByTestId('send-edit').click()
    await expect(page.getByTestId('send-amount')).toHaveValue('0.3')
    await expect(page.getByTestId('send-receiver')).toHaveValue(receiver)

    const after = await balances(world, sender)
    expect(after).toEqual(before)
  })

  test('an amount with a thousands separator reads the same way every time, and the review shows it exactly', async ({ page, world }) => {
    const receiver = world.accounts[6]!.address
    await connectAs(page, 7)
    await page.getByTestId('account-send').click()

    // The browser speaks en-US: "," groups thousands, "." is the decimal point.
    await fillSend(page, 'dUSD', '1,000', receiver)
    await expect(page.getByTestId('send-fiat')).toHaveText('≈ $1,000.00')
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-preview-amount')).toHaveText('1,000 dUSD')
    await page.getByTestId('send-edit').click()

    await fillSend(page, undefined, '1,000.123456', receiver)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-preview-amount')).toHaveText('1,000.123456 dUSD')
    await page.getByTestId('send-edit').click()

    // Separators that fit no reading are refused, never guessed.
    await fillSend(page, undefined, '1,00,0', receiver)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-error')).toHaveText('Enter an amount with "." for decimals (for example 1,000.5)')
  })

  test('the zero address and the token contract need an explicit yes; sending to oneself is pointed out', async ({ page, world }) => {
    const sender = world.accounts[7]!.address
    const before = await balances(world, sender)
    await connectAs(page, 7)
    await page.getByTestId('account-send').click()

    await fillSend(page, 'ETH', '0.01', '0x0000000000000000000000000000000000000000')
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-warning-zeroAddress')).toHaveText(
      'This is the zero address: nobody can ever move what is sent to it.',
    )
    await expect(page.getByTestId('send-confirm')).toBeDisabled()
    await snapshot(page, 'send-warning-zero-address')
    await page.getByTestId('send-acknowledge').check()
    await expect(page.getByTestId('send-confirm')).toBeEnabled()
    await page.getByTestId('send-edit').click()

    await fillSend(page, 'dUSD', '1', DEVNET_CONTRACTS.dUSD)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-warning-tokenContract')).toHaveText(
      "This is the dUSD token's own contract: tokens sent to it are usually lost for good.",
    )
    await expect(page.getByTestId('send-confirm')).toBeDisabled()
    await page.getByTestId('send-edit').click()

    await fillSend(page, 'ETH', '0.01', sender)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-warning-self')).toHaveText('This is your own address: you would send to yourself.')
    await expect(page.getByTestId('send-confirm')).toBeEnabled()

    expect(await balances(world, sender)).toEqual(before)
  })

  test('a bad checksum and an unregistered name each say what is wrong', async ({ page, world }) => {
    const receiver = world.accounts[6]!.address
    // The receiver's checksummed address with the case of one letter flipped.
    const i = [...receiver].findIndex((c, n) => n > 1 && /[a-f]/i.test(c))
    const flipped = receiver[i] === receiver[i]!.toLowerCase() ? receiver[i]!.toUpperCase() : receiver[i]!.toLowerCase()
    const badChecksum = `${receiver.slice(0, i)}${flipped}${receiver.slice(i + 1)}`
    await connectAs(page, 7)
    await page.getByTestId('account-send').click()

    await fillSend(page, 'ETH', '0.01', badChecksum)
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-error')).toHaveText('Invalid address checksum')

    // Every letter in one case carries no checksum, and is accepted.
    await fillSend(page, undefined, '0.01', receiver.toLowerCase())
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('view-SendPreview')).toBeVisible()
    await page.getByTestId('send-edit').click()

    await fillSend(page, undefined, '0.01', 'nobody-here')
    await page.getByTestId('send-review').click()
    await expect(page.getByTestId('send-error')).toHaveText('No one has registered the name nobody-here.wg.id')
  })

  test('a plain ENS name of the devnet resolves through its Universal Resolver, as any ENS client reads it', async ({ page, world }) => {
    // devnet.eth lives in the devnet's ENS registry with a public resolver only: the name service
    // knows nothing of it, so only the ENS path (viem, the Universal Resolver on chain A) finds it.
    await connectAs(page, 7)
    await page.getByTestId('account-send').click()
    await page.getByTestId('send-receiver').fill('devnet.eth')
    await expect(page.getByTestId('send-resolved-address')).toHaveText(world.accounts[0]!.address)
  })

  test('Cancel while the wallet asks says the request is still open; a later approval shows the send as sent', async ({ page, world }) => {
    const sender = world.accounts[8]!.address
    const receiver = world.accounts[6]!.address
    const before = await balances(world, sender)
    await connectAs(page, 8)
    await setMode(page, 'manual')
    await page.getByTestId('account-send').click()
    await fillSend(page, 'ETH', '0.02', receiver)
    await page.getByTestId('send-review').click()
    await page.getByTestId('send-confirm').click()
    await expect(page.getByTestId('view-ApproveTransaction')).toBeVisible()
    await expect.poll(() => page.evaluate(() => (window as unknown as { devWallet: { waiting: unknown[] } }).devWallet.waiting.length)).toBe(1)

    await page.getByTestId('approve-cancel').click()
    await expect(page.getByTestId('view-SendPreview')).toBeVisible()
    await expect(page.getByTestId('send-still-open')).toHaveText(
      'The request is still open in your wallet. Nothing is sent unless you approve it there; reject it there to stop it.',
    )
    await expect(page.getByTestId('send-confirm')).toBeDisabled()
    await snapshot(page, 'send-still-open')

    expect(await page.evaluate(() => (window as unknown as { devWallet: { approve(): boolean } }).devWallet.approve())).toBe(true)
    // No jump: the same view says the send went out, and the visitor moves on.
    await expect(page.getByTestId('send-sent')).toContainText('Sent 0.02 ETH')
    await expect(page.getByTestId('view-SendPreview')).toBeVisible()
    await page.getByTestId('send-done').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect.poll(async () => (await balances(world, sender)).nonce, { timeout: 15_000 }).toBe(before.nonce + 1)
  })

  test('a fast double click on Send produces exactly one transaction', async ({ page, world }) => {
    const sender = world.accounts[8]!.address
    const receiver = world.accounts[6]!.address
    const startBlock = await chainA(world).getBlockNumber({ cacheTime: 0 })
    const before = await balances(world, sender)

    await connectAs(page, 8)
    await page.getByTestId('account-send').click()
    await fillSend(page, 'ETH', '0.01', receiver)
    await page.getByTestId('send-review').click()
    await page.getByTestId('send-confirm').dblclick()
    await expect(page.getByTestId('view-Account')).toBeVisible()

    await expect.poll(async () => (await balances(world, sender)).nonce, { timeout: 15_000 }).toBe(before.nonce + 1)
    const walletSends = await page.evaluate(
      () =>
        (window as unknown as { devWallet: { requests: { method: string }[] } }).devWallet.requests.filter(
          (r) => r.method === 'eth_sendTransaction',
        ).length,
    )
    expect(walletSends).toBe(1)
    const sent = await sentSince(world, sender, startBlock)
    expect(sent).toHaveLength(1)
    await page.getByTestId('account-tab-Activity').click()
    await expect(page.getByTestId(`activity-${sent[0]!.hash.toLowerCase()}`)).toHaveCount(1)
    expect((await balances(world, sender)).nonce).toBe(before.nonce + 1)
  })
})
