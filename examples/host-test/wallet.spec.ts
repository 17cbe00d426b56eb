import { expect, test } from '@playwright/test'
import { installTestWallet, startDevnet, walletgate, type TestDevnet } from 'walletgate/testing'

let devnet: TestDevnet

// One devnet for the file: two EVM chains and the blockchain service on free ports of 127.0.0.1.
test.beforeAll(async () => {
  devnet = await startDevnet()
})
test.afterAll(async () => {
  await devnet?.stop()
})

test('a visitor connects the test wallet and sends 0.01 ETH that lands on chain', async ({ page }) => {
  // The app names the devnet's default addresses (127.0.0.1:8545, :8787); carry them to this devnet.
  await devnet.route(page)
  const wallet = await installTestWallet(page, { devnet })
  const modal = walletgate(page)
  await page.goto('/')

  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await expect(modal.view('Connect')).toBeVisible()
  await modal.walletRow(wallet.name).click()
  await expect(page.locator('#status')).toHaveText(devnet.accounts[0]!.address)

  const receiver = devnet.accounts[1]!.address
  const before = await devnet.balanceOf(receiver)
  await page.getByTestId('connect-button').click()
  await expect(modal.view('Account')).toBeVisible()
  await modal.button('Send').click()
  await modal.chooseToken('ETH')
  await modal.byTestId('send-amount').fill('0.01')
  await modal.byTestId('send-receiver').fill(receiver)
  await modal.button('Review send').click()
  await expect(modal.view('SendPreview')).toBeVisible()
  await modal.button('Send').click()
  await expect(modal.snack).toHaveText(/Sent 0\.01 ETH/)
  await expect.poll(() => devnet.balanceOf(receiver)).toBe(before + 10n ** 16n)
})

test('a visitor who declines in the wallet can try again, then changes account and chain', async ({ page }) => {
  await devnet.route(page)
  // 'manual': each request waits until the test approves or rejects it, as a person would.
  const wallet = await installTestWallet(page, { devnet, mode: 'manual' })
  const modal = walletgate(page)
  await page.goto('/')

  await page.getByRole('button', { name: 'Connect Wallet' }).click()
  await modal.walletRow(wallet.name).click()
  expect(await wallet.reject()).toBe('eth_requestAccounts')
  await expect(modal.view('ConnectingExternal')).toContainText('Connection declined')

  await modal.button('Try again').click()
  expect(await wallet.approve()).toBe('eth_requestAccounts')
  await expect(page.locator('#status')).toHaveText(devnet.accounts[0]!.address)

  // The wallet changes account on its own (accountsChanged): the app follows.
  await wallet.switchAccount(2)
  await expect(page.locator('#status')).toHaveText(devnet.accounts[2]!.address)

  // The wallet moves to a chain the app does not offer (chainChanged): the modal opens to say so.
  await wallet.switchChain(31338)
  await expect(modal.view('UnsupportedChain')).toBeVisible()
})
