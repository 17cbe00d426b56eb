/**
 * Walletgate as the connect UI of a wagmi app (demo/wagmi.html): wagmi's hooks see what the visitor
 * connects in the modal, wagmi's actions move the modal, and a reload restores both.
 */
import type { Page } from '@playwright/test'
import { createPublicClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { expect, test } from './support/fixtures'
import { DEVNET_WALLET_RDNS, initDevWallet } from './support/dev-wallet'

/** Devnet account #6: no other suite sends from it. */
const ACCOUNT = 6

const modalState = (page: Page) =>
  page.evaluate(() => {
    const state = (window as unknown as { walletgateDemo: { getState(): { status: string; caipNetworkId?: string } } }).walletgateDemo.getState()
    return { status: state.status, caipNetworkId: state.caipNetworkId }
  })

test.describe('a wagmi app with the walletgate connector', () => {
  test('connect through the modal, send with useSendTransaction, switch either way, reload, disconnect either way', async ({ page, world }) => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const address = world.accounts[ACCOUNT]!.address
    await initDevWallet(page, { mode: 'approve', accountIndex: ACCOUNT })
    await page.goto(`/wagmi.html?to=${receiver}`)

    // useConnect opens the modal; the visitor picks the wallet there.
    await page.getByTestId('wagmi-connect').click()
    await page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`).click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
    await expect(page.getByTestId('wagmi-account')).toHaveText(address)
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31337')

    // useSendTransaction goes to the wallet the modal connected, and lands on chain.
    await page.getByTestId('wagmi-send').click()
    await expect(page.getByTestId('wagmi-tx-status')).toHaveText('success', { timeout: 20_000 })
    const chainA = createPublicClient({ transport: http(world.rpcUrls[31337]) })
    expect(await chainA.getBalance({ address: receiver })).toBe(parseEther('0.01'))

    // useSwitchChain moves the modal's network ...
    await page.getByTestId('wagmi-switch').click()
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31338')
    expect(await modalState(page)).toEqual({ status: 'connected', caipNetworkId: 'eip155:31338' })
    // ... and a switch in the modal reaches wagmi.
    await page.getByTestId('wagmi-open-modal').click()
    await page.getByTestId('account-network-button').click()
    await page.getByTestId('network-eip155:31337').click()
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31337')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()

    // A reload restores the connection in both, without a prompt.
    await page.reload()
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
    await expect(page.getByTestId('wagmi-account')).toHaveText(address)
    await expect.poll(() => modalState(page)).toEqual({ status: 'connected', caipNetworkId: 'eip155:31337' })

    // Disconnecting in the modal disconnects wagmi.
    await page.getByTestId('wagmi-open-modal').click()
    await page.getByTestId('disconnect-button').click()
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')

    // Connecting in the modal alone connects wagmi; useDisconnect disconnects the modal.
    await page.getByTestId('wagmi-open-modal').click()
    await page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`).click()
    await expect(page.getByTestId('wagmi-account')).toHaveText(address)
    await page.getByTestId('wagmi-disconnect').click()
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
    await expect.poll(async () => (await modalState(page)).status).toBe('disconnected')
  })

  test("closing the modal without connecting leaves wagmi disconnected with the visitor's refusal", async ({ page }) => {
    await initDevWallet(page, { mode: 'approve', accountIndex: ACCOUNT })
    await page.goto('/wagmi.html')
    await page.getByTestId('wagmi-connect').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('wagmi-connect-error')).toContainText('User rejected the request.')
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
  })
})
