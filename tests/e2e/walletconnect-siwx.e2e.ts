/**
 * One-click sign-in over WalletConnect: the demo opened with `?siwx=required` and the devnet
 * wallet peer on the devnet relay. A peer that supports the authenticate request connects and
 * signs in with one approval (no sign view); one that does not gets the ordinary sign view.
 */
import type { Page } from '@playwright/test'
import { startWalletPeer, type WalletPeer } from '../../devnet/src/wc-wallet'
import { expect, test } from './support/fixtures'

let peer: WalletPeer | undefined

test.afterEach(async () => {
  await peer?.stop()
  peer = undefined
})

interface StoredSession {
  data: { accountAddress: string; chainId: string; nonce: string }
  message: string
}

async function sessions(page: Page): Promise<StoredSession[]> {
  return page.evaluate(() =>
    (window as unknown as { walletgateDemo: { siwx: { getSessions(): Promise<StoredSession[]> } } }).walletgateDemo.siwx.getSessions(),
  )
}

/** Opens the WalletConnect QR on the demo with required sign-in and pairs the peer with it. */
async function pairThroughQr(page: Page, wallet: WalletPeer): Promise<void> {
  await page.goto('/?siwx=required')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('wallet-walletConnect').click()
  const qr = page.getByTestId('walletconnect-qr')
  await expect(qr).toBeVisible({ timeout: 20_000 })
  await wallet.pair((await qr.getAttribute('data-uri'))!)
}

test.describe('sign in with the wallet through WalletConnect', () => {
  test('one approval in the wallet: connected and signed in with no sign view; still signed in after a reload', async ({ page, world }) => {
    test.setTimeout(90_000)
    const key = world.accounts[6]!
    peer = await startWalletPeer({
      relayUrl: world.relayUrl,
      rpcUrls: { 31337: world.rpcUrls[31337], 31338: world.rpcUrls[31338] },
      privateKey: key.privateKey,
      projectId: 'walletgate-test',
      mode: 'approve',
    })
    await pairThroughQr(page, peer)

    // With required sign-in and no session the dialog would stay open on the sign view.
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 30_000 })
    await expect(page.getByTestId('demo-account')).toContainText(key.address)
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await expect(page.getByTestId('view-SIWXSignMessage')).toHaveCount(0)
    expect(peer.activity().map((a) => [a.type, 'outcome' in a ? a.outcome : undefined])).toEqual([['authenticate', 'approved']])

    const stored = await sessions(page)
    expect(stored.map((s) => s.data.chainId).sort()).toEqual(['eip155:31337', 'eip155:31338'])
    for (const session of stored) expect(session.data.accountAddress).toBe(key.address)
    expect(stored[0]!.message).toMatch(/\nChain ID: 3133[78]\n/)
    expect(new Set(stored.map((s) => s.data.nonce)).size).toBe(1)

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(key.address, { timeout: 20_000 })
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await expect(page.getByTestId('modal-panel')).toBeHidden()
    expect(await sessions(page)).toHaveLength(2)
  })

  test('a wallet without one-click sign-in: connected through the fallback proposal, then the sign view asks', async ({ page, world }) => {
    test.setTimeout(90_000)
    const key = world.accounts[7]!
    peer = await startWalletPeer({
      relayUrl: world.relayUrl,
      rpcUrls: { 31337: world.rpcUrls[31337], 31338: world.rpcUrls[31338] },
      privateKey: key.privateKey,
      projectId: 'walletgate-test',
      mode: 'approve',
      authenticate: false,
    })
    await pairThroughQr(page, peer)

    await expect(page.getByTestId('view-SIWXSignMessage')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('demo-account')).toContainText(key.address)
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-out')
    expect(await sessions(page)).toEqual([])
    await page.getByTestId('siwx-sign').click()
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 20_000 })
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    expect(peer.activity().map((a) => [a.type, 'outcome' in a ? a.outcome : undefined])).toEqual([
      ['proposal', 'approved'],
      ['request', 'approved'],
    ])
    expect((await sessions(page)).map((s) => s.data.chainId)).toEqual(['eip155:31337'])
  })

  test('a sign-in the wallet refuses is a declined connection', async ({ page, world }) => {
    test.setTimeout(90_000)
    peer = await startWalletPeer({
      relayUrl: world.relayUrl,
      rpcUrls: { 31337: world.rpcUrls[31337], 31338: world.rpcUrls[31338] },
      privateKey: world.accounts[8]!.privateKey,
      projectId: 'walletgate-test',
      mode: 'reject',
    })
    await pairThroughQr(page, peer)
    const view = page.getByTestId('view-ConnectingWalletConnect')
    await expect(view).toHaveAttribute('data-status', 'declined', { timeout: 20_000 })
    await expect(view).toContainText('Connection declined')
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    expect(await sessions(page)).toEqual([])
  })
})
