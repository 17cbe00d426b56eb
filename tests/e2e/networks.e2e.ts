import { connectDevWallet, nativeBalance, rpc, seriousAxeViolations, threeDecimals } from './support/account-helpers'
import { expect, snapshot, test } from './support/fixtures'

const ONE_ETH = 10n ** 18n

test.describe('networks', () => {
  test('switching to Devnet B through Networks: the wallet and the UI agree and the balance is Devnet B’s', async ({
    page,
    world,
  }) => {
    const address = world.accounts[0]!.address
    const rpcB = world.rpcUrls[31338]
    // Give the account a balance on Devnet B that no other chain shows; put it back afterwards.
    const snapshotId = await rpc<string>(rpcB, 'evm_snapshot')
    try {
      await rpc(rpcB, 'anvil_setBalance', [address, `0x${(4321n * ONE_ETH + 5n * 10n ** 14n).toString(16)}`])
      await connectDevWallet(page)
      await page.getByTestId('account-network-button').click()
      await expect(page.getByTestId('view-Networks')).toBeVisible()
      await expect(page.getByTestId('network-eip155:31337')).toContainText('Active')
      await snapshot(page, 'networks-dark')
      expect(await seriousAxeViolations(page)).toEqual([])

      await page.getByTestId('network-eip155:31338').click()
      await expect(page.getByTestId('view-Account')).toBeVisible()
      expect(await page.evaluate(() => (window as unknown as { devWallet: { chainId: number } }).devWallet.chainId)).toBe(31338)
      await expect(page.getByTestId('demo-account')).toContainText('eip155:31338')
      await expect(page.getByTestId('account-network-button')).toContainText('Devnet B')
      await expect(page.getByTestId('account-balance')).toHaveText('4,321.000 ETH')

      // The active network survives a reload (persisted).
      await page.getByTestId('account-network-button').click()
      await expect(page.getByTestId('network-eip155:31338')).toContainText('Active')
      expect(
        await page.evaluate(() =>
          Object.entries(localStorage).find(([key]) => key.endsWith('@walletgate/last-used-chain'))?.[1],
        ),
      ).toBe('eip155:31338')
    } finally {
      await rpc(rpcB, 'evm_revert', [snapshotId])
    }
  })

  test('Networks explains what a network is on a view of its own, and Back returns to the list', async ({ page }) => {
    await connectDevWallet(page)
    await page.getByTestId('account-network-button').click()
    await expect(page.getByTestId('view-Networks')).toBeVisible()
    await expect(page.getByText('where your assets and their history are kept')).toHaveCount(0)
    await page.getByTestId('network-help').click()
    const help = page.getByTestId('view-WhatIsANetwork')
    await expect(help).toContainText('a transaction on one does not reach the others')
    await expect(page.getByRole('heading', { name: 'What is a Network?' })).toBeVisible()
    await snapshot(page, 'what-is-a-network-dark')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByTestId('modal-back').click()
    await expect(page.getByTestId('view-Networks')).toBeVisible()
    await expect(page.getByTestId('network-eip155:31337')).toContainText('Active')
  })

  test('a refused switch goes back one view, says so there, keeps the network, and is not shown again on another view', async ({ page }) => {
    const setMode = (mode: string) =>
      page.evaluate((m) => (window as unknown as { devWallet: { setMode(m: string): void } }).devWallet.setMode(m), mode)
    await connectDevWallet(page)
    await page.getByTestId('account-network-button').click()
    await setMode('reject')
    await page.getByTestId('network-eip155:31338').click()
    await expect(page.getByTestId('view-Networks')).toBeVisible()
    await expect(page.getByTestId('switch-error')).toHaveText('The network switch was declined in your wallet.')
    expect(await page.evaluate(() => (window as unknown as { devWallet: { chainId: number } }).devWallet.chainId)).toBe(31337)
    await expect(page.getByTestId('demo-account')).toContainText('eip155:31337')

    // A busy wallet (-32002) is told in plain words: open it and finish what waits there.
    await setMode('pending')
    await page.getByTestId('network-eip155:31338').click()
    await expect(page.getByTestId('switch-error')).toHaveText(
      'Your wallet already has a request waiting. Open your wallet and finish that request, then try again.',
    )

    // Left behind on Networks: neither Networks again nor UnsupportedChain shows it later.
    await page.getByTestId('modal-back').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await page.getByTestId('account-network-button').click()
    await expect(page.getByTestId('view-Networks')).toBeVisible()
    await expect(page.getByTestId('switch-error')).toHaveCount(0)
    await page.getByTestId('modal-close').click()
    await page.evaluate(() => (window as unknown as { devWallet: { moveToChain(id: number): void } }).devWallet.moveToChain(1))
    await expect(page.getByTestId('view-UnsupportedChain')).toBeVisible()
    await expect(page.getByTestId('switch-error')).toHaveCount(0)
  })

  test('the wallet moving itself to an unlisted chain opens UnsupportedChain; switching back works', async ({ page, world }) => {
    await connectDevWallet(page)
    await page.getByTestId('modal-close').click()
    await page.evaluate(() => (window as unknown as { devWallet: { moveToChain(id: number): void } }).devWallet.moveToChain(1))
    await expect(page.getByTestId('view-UnsupportedChain')).toBeVisible()
    await expect(page.getByRole('dialog')).toBeVisible()
    await snapshot(page, 'unsupported-chain-dark')
    expect(await seriousAxeViolations(page)).toEqual([])
    await page.getByTestId('theme-toggle').evaluate((el) => (el as HTMLButtonElement).click())
    await expect(page.getByTestId('modal')).toHaveClass(/wg-theme-light/)
    expect(await seriousAxeViolations(page)).toEqual([])
    await snapshot(page, 'unsupported-chain-light')

    await page.getByTestId('network-eip155:31337').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { devWallet: { chainId: number } }).devWallet.chainId)).toBe(31337)
    await expect(page.getByTestId('demo-account')).toContainText('eip155:31337')
    const eth = await nativeBalance(world.rpcUrls[31337], world.accounts[0]!.address)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(eth, 18)} ETH`)
  })

  test('from UnsupportedChain the visitor can disconnect', async ({ page }) => {
    await connectDevWallet(page)
    await page.getByTestId('modal-close').click()
    await page.evaluate(() => (window as unknown as { devWallet: { moveToChain(id: number): void } }).devWallet.moveToChain(5))
    await expect(page.getByTestId('view-UnsupportedChain')).toBeVisible()
    await page.getByTestId('disconnect-button').click()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })

  test('axe: no serious or critical violation on Networks in the light theme', async ({ page }) => {
    await page.goto('/')
    await page.getByTestId('theme-toggle').click()
    await page.getByRole('button', { name: 'Networks', exact: true }).click()
    await expect(page.getByTestId('view-Networks')).toBeVisible()
    expect(await seriousAxeViolations(page)).toEqual([])
    await snapshot(page, 'networks-light')
  })
})
