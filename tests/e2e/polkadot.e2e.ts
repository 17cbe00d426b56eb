/**
 * Polkadot end to end: the Devnet Wallet's Polkadot extension (`window.injectedWeb3`, the devnet's
 * test keys) connects from its own row, its account shows with no balance (no Substrate
 * node runs offline), it signs in with a CAIP-122 message that the test verifies with
 * @polkadot/util-crypto, stays connected across a reload, and stays disconnected after a disconnect.
 */
import type { Page } from '@playwright/test'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { DEVNET_POLKADOT_ACCOUNTS, POLKADOT_DEVNET_CAIP_NETWORK_ID } from '../../devnet/src/chains/polkadot/network'
import { initDevWallet, showEveryWallet } from './support/dev-wallet'
import { expect, snapshot, test } from './support/fixtures'

const ROW = 'wallet-devnet-polkadot'
/** The first test account in the generic SS58 format (prefix 42), which an unknown network's addresses use. */
const ALICE = DEVNET_POLKADOT_ACCOUNTS[0]!.address

interface Session {
  data: { accountAddress: string; chainId: string }
  message: string
  signature: string
}

async function sessions(page: Page): Promise<Session[]> {
  return page.evaluate(() =>
    (window as unknown as { walletgateDemo: { siwx: { getSessions(): Promise<Session[]> } } }).walletgateDemo.siwx.getSessions(),
  )
}

test.describe('polkadot', () => {
  test('connect, see the account, sign in (verified here), reload, disconnect', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/?siwx=required')
    await page.getByTestId('connect-button').click()
    await showEveryWallet(page)
    const row = page.getByTestId(ROW)
    await expect(row).toContainText('Devnet Wallet (Polkadot)')
    await row.click()

    await expect(page.getByTestId('view-SIWXSignMessage')).toBeVisible()
    await page.getByTestId('siwx-sign').click()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await expect(page.getByTestId('demo-account')).toContainText(`${ALICE} on ${POLKADOT_DEVNET_CAIP_NETWORK_ID}`)

    const [session] = await sessions(page)
    expect(session?.data).toMatchObject({ accountAddress: ALICE, chainId: POLKADOT_DEVNET_CAIP_NETWORK_ID })
    expect(session?.message).toContain('wants you to sign in with your Polkadot account:\n' + ALICE)
    await cryptoWaitReady()
    const verified = signatureVerify(session!.message, session!.signature, ALICE)
    expect(verified).toMatchObject({ isValid: true, crypto: 'sr25519' })
    expect(signatureVerify(`${session!.message}.`, session!.signature, ALICE).isValid).toBe(false)

    // The Account view: the address, and no balance (none is read for polkadot).
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('account-address')).toContainText(ALICE.slice(0, 4))
    await expect(page.getByTestId('account-balance')).toHaveCount(0)
    await snapshot(page, 'polkadot-account')
    await page.keyboard.press('Escape')

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(ALICE)
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')

    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    await page.reload()
    await page.waitForFunction(() => (window as unknown as { devWallet?: unknown }).devWallet !== undefined)
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })

  test("the Account view lists the extension's accounts by name and moves to another without asking the wallet; a reload keeps it", async ({ page }) => {
    const bob = DEVNET_POLKADOT_ACCOUNTS[1]!
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await showEveryWallet(page)
    await page.getByTestId(ROW).click()
    await expect(page.getByTestId('demo-account')).toContainText(`${ALICE} on ${POLKADOT_DEVNET_CAIP_NETWORK_ID}`)
    if (!(await page.getByTestId('view-Account').isVisible())) await page.getByTestId('connect-button').click()
    await expect(page.getByTestId(`account-choice-${ALICE}`)).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByTestId(`account-choice-${bob.address}`)).toHaveText(bob.name)
    const asked = () =>
      page.evaluate(() => (window as unknown as { devWallet: { polkadot: { requests: { method: string }[] } } }).devWallet.polkadot.requests.length)
    const before = await asked()
    const chips = () => page.getByTestId('account-chooser').locator('[data-testid^="account-choice-"]').evaluateAll((list) => list.map((b) => b.textContent))
    const order = await chips()
    await page.getByTestId(`account-choice-${bob.address}`).click()
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', bob.address)
    // The chips keep their places: the chosen one is marked, not moved.
    await expect(page.getByTestId(`account-choice-${bob.address}`)).toHaveAttribute('aria-pressed', 'true')
    expect(await chips()).toEqual(order)
    await expect(page.getByTestId('demo-account')).toContainText(`${bob.address} on ${POLKADOT_DEVNET_CAIP_NETWORK_ID}`)
    expect(await asked()).toBe(before)

    // A reload comes back to the chosen account.
    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(`${bob.address} on ${POLKADOT_DEVNET_CAIP_NETWORK_ID}`)
  })

  test('a declined enable leaves the visitor disconnected, with the wallet asked once', async ({ page }) => {
    await initDevWallet(page, { mode: 'reject' })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await showEveryWallet(page)
    await page.getByTestId(ROW).click()
    await expect(page.getByTestId('view-ConnectingExternal')).toContainText(/declined|rejected/i)
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    const requests = await page.evaluate(
      () => (window as unknown as { devWallet: { polkadot: { requests: { method: string }[] } } }).devWallet.polkadot.requests,
    )
    expect(requests.map((r) => r.method)).toEqual(['enable'])
  })
})
