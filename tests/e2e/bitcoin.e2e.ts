/**
 * Bitcoin end to end on the devnet's regtest chain: the Devnet Bitcoin Wallet (a Wallet Standard
 * Bitcoin wallet) connects, Account shows its payment address and a balance equal to the sum of
 * its unspent outputs on the chain (a pending one included), a sign-in message is signed with
 * BIP-322 and verified here with bip322-js, a reload keeps the connection and disconnect forgets
 * it. And one visitor connected in eip155, solana and bip122 at once moves between them from the
 * Networks view without a reconnect. Each test uses its own Bitcoin devnet account.
 */
import { showEveryWallet } from './support/dev-wallet'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { BITCOIN_DEVNET_CAIP_NETWORK_ID } from '../../devnet/src/chains/bip122/network'
import { bitcoinDevnetAccount } from '../../devnet/src/chains/bip122/keys'
import { SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../devnet/src/chains/solana/network'
import { DEVNET_SOLANA_ACCOUNTS } from '../../devnet/src/config'
import { threeDecimals } from './support/account-helpers'
import { expect, snapshot, test } from './support/fixtures'
import type { E2eWorld } from './support/world'

const require = createRequire(import.meta.url)
const { Verifier } = require('bip322-js') as { Verifier: { verifySignature(address: string, message: string, signature: string): boolean } }

const BITCOIN_WALLET = 'dev.walletgate.bitcoin'
const EVM_WALLET = 'dev.walletgate.devnet'

/** The sum of the address's unspent outputs on the devnet chain, confirmed or not. */
async function unspent(world: E2eWorld, address: string): Promise<bigint> {
  const utxos = (await (await fetch(`${world.bitcoinEsploraUrl}/address/${address}/utxo`)).json()) as { value: number }[]
  return utxos.reduce((sum, u) => sum + BigInt(u.value), 0n)
}

async function init(page: Page, value: Record<string, unknown>): Promise<void> {
  await page.addInitScript((v) => {
    ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = v
  }, value)
}

async function requests(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    (window as unknown as { devWallet: { bitcoin: { requests: { method: string }[] } } }).devWallet.bitcoin.requests.map((r) => r.method),
  )
}

async function connectBitcoin(page: Page, path = '/'): Promise<void> {
  await page.goto(path)
  await page.waitForFunction(() => (window as unknown as { devWallet?: { bitcoin?: unknown } }).devWallet?.bitcoin !== undefined)
  await page.getByTestId('connect-button').click()
  await showEveryWallet(page)
  const row = page.getByTestId(`wallet-${BITCOIN_WALLET}`)
  await expect(row).toContainText('Bitcoin')
  await row.click()
}

async function switchTo(page: Page, caipNetworkId: string): Promise<void> {
  if (!(await page.getByTestId('view-Account').isVisible())) await page.getByTestId('connect-button').click()
  await page.getByTestId('account-network-button').click()
  await page.getByTestId(`network-${caipNetworkId}`).click()
}

test.describe('Bitcoin (bip122) on the devnet regtest chain', () => {
  test('connect: the payment address and its balance (unspent outputs, one pending); a reload keeps it; disconnect forgets it', async ({
    page,
    world,
  }) => {
    const account = bitcoinDevnetAccount(2)
    // A pending output too: the balance counts what the mempool holds.
    await fetch(`${world.bitcoinEsploraUrl}/devnet/faucet`, { method: 'POST', body: JSON.stringify({ address: account.payment.address, sats: 1_230_000 }) })
    await init(page, { mode: 'approve', bitcoinAccountIndex: 2 })
    await connectBitcoin(page)
    await expect(page.getByTestId('demo-account')).toContainText(`${account.payment.address} on ${BITCOIN_DEVNET_CAIP_NETWORK_ID}`)
    if (!(await page.getByTestId('view-Account').isVisible())) await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('account-address')).toContainText(account.payment.address.slice(0, 6))
    const sats = await unspent(world, account.payment.address)
    expect(sats).toBe(175_000_000n + 1_230_000n)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(sats, 8)} BTC`)
    await snapshot(page, 'bitcoin-account-dark')

    // The wallet shared its ordinals address too: the Account view switches between the two.
    await expect(page.getByTestId('account-type-payment')).toHaveAttribute('aria-pressed', 'true')
    await page.getByTestId('account-type-ordinal').click()
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', account.ordinals.address)
    await expect(page.getByTestId('account-type-ordinal')).toHaveAttribute('aria-pressed', 'true')
    await expect(page.getByTestId('demo-account')).toContainText(`${account.ordinals.address} on ${BITCOIN_DEVNET_CAIP_NETWORK_ID}`)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(await unspent(world, account.ordinals.address), 8)} BTC`)
    await page.getByTestId('account-type-payment').click()
    await expect(page.getByTestId('account-address')).toHaveAttribute('title', account.payment.address)
    await expect(page.getByTestId('demo-account')).toContainText(`${account.payment.address} on ${BITCOIN_DEVNET_CAIP_NETWORK_ID}`)
    // The wallet was not asked again: it shared both addresses when it connected.
    expect((await requests(page)).filter((m) => m === 'bitcoin:connect')).toHaveLength(1)

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(`${account.payment.address} on ${BITCOIN_DEVNET_CAIP_NETWORK_ID}`)
    // The silent reconnect asked the wallet for nothing new.
    expect((await requests(page)).filter((m) => m === 'bitcoin:connect')).toEqual([])

    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    expect(await page.evaluate(() => (window as unknown as { devWallet: { bitcoin: { authorized: boolean } } }).devWallet.bitcoin.authorized)).toBe(false)
    await page.reload()
    await page.waitForFunction(() => (window as unknown as { devWallet?: unknown }).devWallet !== undefined)
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })

  test('sign in: the wallet signs the CAIP-122 message with BIP-322, verified here with bip322-js', async ({ page }) => {
    const account = bitcoinDevnetAccount(3)
    await init(page, { mode: 'approve', bitcoinAccountIndex: 3 })
    await connectBitcoin(page, '/?siwx=required')
    await expect(page.getByTestId('view-SIWXSignMessage')).toBeVisible()
    await page.getByTestId('siwx-sign').click()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    const sessions = await page.evaluate(() =>
      (window as unknown as { walletgateDemo: { siwx: { getSessions(): Promise<unknown[]> } } }).walletgateDemo.siwx.getSessions(),
    )
    expect(sessions).toHaveLength(1)
    const session = sessions[0] as { data: { accountAddress: string; chainId: string }; message: string; signature: string }
    expect(session.data).toMatchObject({ accountAddress: account.payment.address, chainId: BITCOIN_DEVNET_CAIP_NETWORK_ID })
    expect(session.message).toContain('wants you to sign in with your Bitcoin account:\n' + account.payment.address)
    expect(Verifier.verifySignature(account.payment.address, session.message, session.signature)).toBe(true)
    expect(Verifier.verifySignature(account.payment.address, `${session.message}.`, session.signature)).toBe(false)
    expect(await requests(page)).toContain('bitcoin:signMessage')
  })

  test('one visitor in eip155, solana and bip122 at once moves between them from the Networks view without a reconnect', async ({
    page,
    world,
  }) => {
    const bitcoin = bitcoinDevnetAccount(4).payment.address
    const solana = DEVNET_SOLANA_ACCOUNTS[6]!.address
    const evm = world.accounts[0]!.address
    await init(page, { mode: 'approve', bitcoinAccountIndex: 4, solanaAccountIndex: 6 })
    await page.goto('/')
    await page.waitForFunction(() => (window as unknown as { devWallet?: { bitcoin?: unknown } }).devWallet?.bitcoin !== undefined)
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${EVM_WALLET}`).click()
    await expect(page.getByTestId('demo-account')).toContainText(`${evm} on eip155:31337`)

    // Bitcoin is not connected yet: its network asks for a Bitcoin wallet.
    await switchTo(page, BITCOIN_DEVNET_CAIP_NETWORK_ID)
    await page.getByTestId(`wallet-${BITCOIN_WALLET}`).click()
    await expect(page.getByTestId('demo-account')).toContainText(`${bitcoin} on ${BITCOIN_DEVNET_CAIP_NETWORK_ID}`)
    const connects = () =>
      page.evaluate(() => {
        const w = (window as unknown as {
          devWallet: { requests: { method: string }[]; solana: { requests: { method: string }[] }; bitcoin: { requests: { method: string }[] } }
        }).devWallet
        return [...w.requests, ...w.solana.requests, ...w.bitcoin.requests].filter((r) =>
          ['eth_requestAccounts', 'standard:connect', 'bitcoin:connect'].includes(r.method),
        ).length
      })
    const before = await connects()

    await switchTo(page, SOLANA_DEVNET_CAIP_NETWORK_ID)
    await expect(page.getByTestId('demo-account')).toContainText(`${solana} on ${SOLANA_DEVNET_CAIP_NETWORK_ID}`)
    await switchTo(page, 'eip155:31337')
    await expect(page.getByTestId('demo-account')).toContainText(`${evm} on eip155:31337`)
    await switchTo(page, BITCOIN_DEVNET_CAIP_NETWORK_ID)
    await expect(page.getByTestId('demo-account')).toContainText(`${bitcoin} on ${BITCOIN_DEVNET_CAIP_NETWORK_ID}`)
    await expect(page.getByTestId('account-balance')).toHaveText(`${threeDecimals(await unspent(world, bitcoin), 8)} BTC`)
    expect(await connects()).toBe(before)

    // Networks marks every connected family, not only the active one.
    await page.getByTestId('account-network-button').click()
    await expect(page.getByTestId(`network-${BITCOIN_DEVNET_CAIP_NETWORK_ID}`)).toContainText('Active')
    await expect(page.getByTestId('network-eip155:31337')).toContainText('Connected')
    await expect(page.getByTestId(`network-${SOLANA_DEVNET_CAIP_NETWORK_ID}`)).toContainText('Connected')
    await expect(page.getByTestId('network-eip155:31338')).not.toContainText(/Active|Connected/)
    await page.getByTestId('modal-back').click()

    // Two wallets connected: Disconnect asks which. The Bitcoin one goes; the Devnet Wallet (EVM and
    // Solana, connected in one click) stays, and the modal with it.
    await page.getByTestId('disconnect-button').click()
    await expect(page.getByTestId('disconnect-choice')).toContainText('Disconnect which wallet?')
    await expect(page.getByTestId('disconnect-eip155+solana')).toHaveText('Disconnect EVM + Solana')
    await snapshot(page, 'disconnect-choice')
    await page.getByTestId('disconnect-bip122').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('demo-account')).toContainText(evm)
    await expect(page.getByTestId('disconnect-choice')).toHaveCount(0)
    // One wallet left: Disconnect ends it at once, and the modal closes.
    await page.getByTestId('disconnect-button').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  })
})
