import { createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DEVNET_CONTRACTS, devnetViemChain } from '../../devnet/src/config'
import {
  connectDevWallet,
  erc20Balance,
  nativeBalance,
  openAccount,
  recordSnacks,
  seriousAxeViolations,
  serviceRequests,
  threeDecimals,
} from './support/account-helpers'
import { expect, snapshot, test } from './support/fixtures'

/**
 * Chromium logs every failed network request as a console error. In the fault tests the injected
 * failures are the point, so exactly those browser network lines (and nothing the app logs) are
 * taken out of the page problems the fixture asserts empty.
 */
function dropExpectedNetworkErrors(problems: string[], pattern: RegExp): void {
  for (let i = problems.length - 1; i >= 0; i--) {
    const problem = problems[i] ?? ''
    if (problem.startsWith('console.error: Failed to load resource:') && pattern.test(problem)) problems.splice(i, 1)
  }
}

test.describe('account', () => {
  test.afterEach(async ({ world }) => {
    await fetch(`${world.serviceUrl}/__admin/faults`, { method: 'DELETE', headers: { authorization: `Bearer ${world.adminToken}` } })
    await fetch(`${world.rpcProxyA.controlUrl}/revive`, { method: 'POST' })
  })

  test('shows the exact devnet balances of the dev wallet account: native and both tokens', async ({ page, world }) => {
    await connectDevWallet(page)
    const address = world.accounts[0]!.address
    const rpcA = world.rpcUrls[31337]
    const [eth, dusd, dvt] = await Promise.all([
      nativeBalance(rpcA, address),
      erc20Balance(rpcA, DEVNET_CONTRACTS.dUSD, address),
      erc20Balance(rpcA, DEVNET_CONTRACTS.DVT, address),
    ])

    // Shortened to the eye with the whole address in its tooltip; Copy takes the whole address.
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', address)
    await expect(page.getByTestId('account-address').locator('[aria-hidden="true"]')).toHaveText(`${address.slice(0, 6)}\u2026${address.slice(-4)}`)
    await expect(page.getByTestId('account-avatar-generated')).toBeVisible()
    // The account's page on the devnet's explorer.
    const explorer = page.getByTestId('account-explorer')
    await expect(explorer).toHaveAttribute('href', new RegExp(`/explorer/31337/address/${address}$`))
    const explorerPage = await page.request.get((await explorer.getAttribute('href'))!)
    expect(explorerPage.status()).toBe(200)
    expect(await explorerPage.text()).toContain(address)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(eth, 18)} ETH`)
    await expect(page.getByTestId('account-fiat')).toHaveText(/^\$\d{1,3}(,\d{3})+\.\d{2}$/)
    await expect(page.getByTestId('token-native')).toContainText(`${threeDecimals(eth, 18)} ETH`)
    await expect(page.getByTestId('token-dUSD')).toContainText(`${threeDecimals(dusd, 6)} dUSD`)
    await expect(page.getByTestId('token-DVT')).toContainText(`${threeDecimals(dvt, 18)} DVT`)
    // Native first, then by fiat value: dUSD (10000 x $1) before DVT (1000 x $0.5).
    const rows = page.getByTestId('token-list').locator('[data-testid^="token-"]')
    await expect(rows).toHaveCount(3)
    expect(await rows.evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')))).toEqual([
      'token-native',
      'token-dUSD',
      'token-DVT',
    ])
    await snapshot(page, 'account-tokens-dark')
  })

  test('NFTs tab lists what the history shows the account holds; Receive shows the address and a QR code', async ({ page, world }) => {
    await connectDevWallet(page)
    await page.getByTestId('account-tab-NFTs').click()
    // Account 0 was minted Devnet Pixels #1..#3 at start.
    await expect(page.getByTestId('nft-item')).toHaveCount(3)
    await expect(page.getByTestId('nft-list')).toContainText('Devnet Pixels #1')
    await snapshot(page, 'account-nfts-dark')

    // Arrow keys move between tabs.
    await page.getByTestId('account-tab-NFTs').focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByTestId('account-tab-Activity')).toBeFocused()
    await expect(page.getByTestId('account-tab-Activity')).toHaveAttribute('aria-selected', 'true')

    await page.getByTestId('account-receive').click()
    await expect(page.getByTestId('view-WalletReceive')).toBeVisible()
    await expect(page.getByTestId('receive-address')).toHaveText(world.accounts[0]!.address)
    await expect(page.getByTestId('receive-qr')).toBeVisible()
    await snapshot(page, 'wallet-receive-dark')
  })

  test('copy gives feedback', async ({ page, context, world }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.baseUrl })
    await connectDevWallet(page)
    await page.getByTestId('copy-address').click()
    await expect(page.getByTestId('snack')).toHaveText(/Address copied/)
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(world.accounts[0]!.address)
  })

  test('with the balance service failing: native balance from the chain, the snack once, no second balance request within 30 s', async ({
    page,
    world,
    pageProblems,
  }) => {
    const address = world.accounts[0]!.address
    const balancePath = `/v1/account/${address}/balance`
    await fetch(`${world.serviceUrl}/__admin/requests`, { method: 'DELETE', headers: { authorization: `Bearer ${world.adminToken}` } })
    const fault = await fetch(`${world.serviceUrl}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${world.adminToken}` },
      body: JSON.stringify({ path: balancePath, method: 'GET', count: 50, kind: '500' }),
    })
    expect(fault.status).toBe(201)

    await page.addInitScript(() => {
      ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = { mode: 'approve' }
    })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    const snacks = await recordSnacks(page)
    await page.getByTestId('wallet-dev.walletgate.devnet').click()
    await expect(page.getByTestId('demo-account')).not.toHaveText('Not connected')
    await openAccount(page)

    const eth = await nativeBalance(world.rpcUrls[31337], address)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(eth, 18)} ETH`)
    await expect(page.getByTestId('snack')).toHaveText(/Token Balance Unavailable/)
    await snapshot(page, 'account-balance-fallback')

    // Move to Devnet B and back: each network change refreshes balances, all within the block.
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-eip155:31338').click()
    await expect(page.getByTestId('demo-account')).toContainText('eip155:31338')
    await openAccount(page)
    const ethB = await nativeBalance(world.rpcUrls[31338], address)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(ethB, 18)} ETH`)
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-eip155:31337').click()
    await expect(page.getByTestId('demo-account')).toContainText('eip155:31337')
    await openAccount(page)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(eth, 18)} ETH`)

    const requests = (await serviceRequests(world, '/v1/account/')).filter((r) => r.path.endsWith('/balance'))
    expect(requests).toHaveLength(1)
    expect((await snacks()).filter((text) => text.includes('Token Balance Unavailable'))).toHaveLength(1)
    dropExpectedNetworkErrors(pageProblems, /status of 500/)
  })

  test('balances still load after the first of two RPC URLs of the network dies mid-session', async ({
    page,
    world,
    pageProblems,
  }) => {
    const address = world.accounts[0]!.address
    // The service is down for balances, so every balance is read from the chain over RPC.
    await fetch(`${world.serviceUrl}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${world.adminToken}` },
      body: JSON.stringify({ path: `/v1/account/${address}/balance`, method: 'GET', count: 50, kind: '500' }),
    })
    const eth = await nativeBalance(world.rpcUrls[31337], address)
    await connectDevWallet(page)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(eth, 18)} ETH`)

    const killed = await fetch(`${world.rpcProxyA.controlUrl}/kill`, { method: 'POST' })
    expect(killed.status).toBe(204)
    await expect(fetch(world.rpcProxyA.url, { method: 'POST' })).rejects.toThrow()

    // Devnet B and back to Devnet A: A's balance is read again, now through its second URL.
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-eip155:31338').click()
    await openAccount(page)
    await expect(page.getByTestId('account-balance')).toHaveText(
      `${threeDecimals(await nativeBalance(world.rpcUrls[31338], address), 18)} ETH`,
    )
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-eip155:31337').click()
    await openAccount(page)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(eth, 18)} ETH`)
    dropExpectedNetworkErrors(pageProblems, /status of 500|net::ERR_CONNECTION_REFUSED|net::ERR_EMPTY_RESPONSE|net::ERR_CONNECTION_RESET/)
  })

  test('axe: no serious or critical violation on Account in both themes', async ({ page }) => {
    await connectDevWallet(page)
    await expect(page.getByTestId('token-native')).toBeVisible()
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByTestId('modal-close').click()
    await page.getByTestId('theme-toggle').click()
    await openAccount(page)
    await expect(page.getByTestId('token-native')).toBeVisible()
    expect(await seriousAxeViolations(page)).toEqual([])
    await snapshot(page, 'account-tokens-light')
  })

  test('balances follow the chain: a send through the host provider and a transfer from outside show without a reopen', async ({ page, world }) => {
    // Issue 41 item 3. The balance answer is cached 30 s: each new figure must show well before that.
    const soon = { timeout: 15_000 }
    await connectDevWallet(page, { accountIndex: 2 })
    const address = world.accounts[2]!.address
    const rpcA = world.rpcUrls[31337]!
    const chain = devnetViemChain(31337, rpcA)
    // Anvil answers a send with its hash once the transaction is pooled; the block comes just after.
    const reader = createPublicClient({ chain, transport: http(rpcA) })
    const mined = (hash: `0x${string}`) => reader.waitForTransactionReceipt({ hash, pollingInterval: 100 })
    await openAccount(page)
    const shown = page.getByTestId('account-balance')
    await expect(shown).toHaveText(`${threeDecimals(await nativeBalance(rpcA, address), 18)} ETH`)

    // The host's own code sends through the modal's provider (the viem and wagmi path), the modal open.
    const hash = await page.evaluate(
      async ({ from, to }) => {
        type Eip1193 = { request(args: { method: string; params?: unknown[] }): Promise<string> }
        const demo = (window as unknown as { walletgateDemo: { getProvider(namespace: 'eip155'): Promise<Eip1193 | undefined> } }).walletgateDemo
        const provider = await demo.getProvider('eip155')
        return provider!.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x14d1120d7b160000' }] }) // 1.5 ETH
      },
      { from: address, to: world.accounts[7]!.address },
    )
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await mined(hash as `0x${string}`)
    await expect(shown).toHaveText(`${threeDecimals(await nativeBalance(rpcA, address), 18)} ETH`, soon)

    // Someone else sends 2 ETH to the account, from outside the page.
    const before = await nativeBalance(rpcA, address)
    const sender = createWalletClient({ account: privateKeyToAccount(world.accounts[5]!.privateKey), chain, transport: http(rpcA) })
    await mined(await sender.sendTransaction({ to: address, value: 2n * 10n ** 18n }))
    expect(await nativeBalance(rpcA, address)).toBe(before + 2n * 10n ** 18n)
    await expect(shown).toHaveText(`${threeDecimals(before + 2n * 10n ** 18n, 18)} ETH`, soon)
  })
})
