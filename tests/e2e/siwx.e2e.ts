/**
 * Sign in with the wallet, against the demo opened with `?siwx=required`, `?siwx=optional` or
 * `?siwx=server`: the Devnet Wallet signs a real EIP-4361 message (verified over the devnet chain
 * before it is stored) or, on the Solana devnet, a Sign-In-With-Solana message through
 * `solana:signIn`; with `server` the devnet service's auth endpoints issue the nonce, verify the
 * message and keep the session behind a bearer token.
 */
import type { Page } from '@playwright/test'
import { expect, snapshot, test } from './support/fixtures'
import { DEVNET_WALLET_RDNS, initDevWallet, setDevWalletMode } from './support/dev-wallet'
import { clearServiceFaults, devnetAdmin, dropExpectedNetworkErrors } from './support/faults'
import { SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../devnet/src/config'

async function connect(page: Page, siwx: 'required' | 'optional' | 'server'): Promise<void> {
  await page.goto(`/?siwx=${siwx}`)
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`).click()
  await expect(page.getByTestId('view-SIWXSignMessage')).toBeVisible()
  await expect(page.getByTestId('demo-siwx')).toHaveText('signed-out')
}

/** Opens the modal (Account), then Networks, and picks `caipNetworkId` there. */
async function switchInModal(page: Page, caipNetworkId: string): Promise<void> {
  await page.getByTestId('connect-button').click()
  await page.getByTestId('account-network-button').click()
  await page.getByTestId(`network-${caipNetworkId}`).click()
}

/** The sessions the page's modal holds (and its raw storage entries). */
async function sessions(page: Page): Promise<{ sessions: unknown[]; stored: string[] }> {
  return page.evaluate(async () => {
    const modal = (window as unknown as { walletgateDemo: { siwx: { getSessions(): Promise<unknown[]> } } }).walletgateDemo
    const stored = Object.keys(localStorage).filter((key) => key.includes('siwx'))
    return { sessions: await modal.siwx.getSessions(), stored }
  })
}

test.describe('sign in with the wallet, required', () => {
  test('approve: signed in, and still signed in after a reload without being asked again', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'approve' })
    await connect(page, 'required')
    await expect(page.getByTestId('view-SIWXSignMessage')).toContainText('Walletgate Demo')
    await snapshot(page, 'siwx-sign-dark')
    await page.getByTestId('siwx-sign').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    const address = world.accounts[0]!.address
    const after = await sessions(page)
    expect(after.sessions).toHaveLength(1)
    expect(after.sessions[0]).toMatchObject({ data: { accountAddress: address, chainId: 'eip155:31337' } })
    expect((after.sessions[0] as { message: string }).message).toContain('\nChain ID: 31337\n')

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(address)
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await expect(page.getByTestId('modal-panel')).toBeHidden()
  })

  test('on the Solana devnet: the wallet shows the Sign-In-With-Solana message, signs it, and a reload keeps the visitor signed in without asking', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'approve' })
    await connect(page, 'required')
    await page.getByTestId('siwx-sign').click()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await switchInModal(page, SOLANA_DEVNET_CAIP_NETWORK_ID)
    await expect(page.getByTestId('demo-account')).toContainText(SOLANA_DEVNET_CAIP_NETWORK_ID)
    // A Solana network has no session yet: sign-in is asked again.
    await expect(page.getByTestId('view-SIWXSignMessage')).toBeVisible()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-out')
    await setDevWalletMode(page, 'manual')
    await page.getByTestId('siwx-sign').click()
    const panel = page.getByTestId('devnet-wallet-panel')
    await expect(panel).toContainText('wants you to sign in with your Solana account:')
    await expect(panel).toContainText(`Chain ID: ${SOLANA_DEVNET_CAIP_NETWORK_ID}`)
    await snapshot(page, 'siwx-solana-wallet-panel')
    await page.getByTestId('devnet-wallet-approve').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    const solana = (await sessions(page)).sessions.find((s) => (s as { data: { chainId: string } }).data.chainId === SOLANA_DEVNET_CAIP_NETWORK_ID) as
      | { data: { accountAddress: string }; message: string }
      | undefined
    expect(solana?.message).toContain(`${new URL(page.url()).host} wants you to sign in with your Solana account:\n${solana?.data.accountAddress ?? ''}`)
    const signIns = await page.evaluate(() =>
      (window as unknown as { devWallet: { solana: { requests: { method: string; outcome: string }[] } } }).devWallet.solana.requests.filter((r) => r.method === 'solana:signIn'),
    )
    expect(signIns).toEqual([expect.objectContaining({ outcome: 'ok' })])

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(SOLANA_DEVNET_CAIP_NETWORK_ID)
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await expect(page.getByTestId('modal-panel')).toBeHidden()
    // Back on the EVM network, its session still holds: not asked again.
    await switchInModal(page, 'eip155:31337')
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await expect(page.getByTestId('view-SIWXSignMessage')).toHaveCount(0)
  })

  test('a network switch in the modal asks again on the new network; back on the signed one it does not', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'approve' })
    await connect(page, 'required')
    await page.getByTestId('siwx-sign').click()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await switchInModal(page, 'eip155:31338')
    // A session is for one account on one chain: Devnet B has none, so the sign view replaces Account.
    await expect(page.getByTestId('view-SIWXSignMessage')).toBeVisible()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-out')
    await expect(page.getByTestId('demo-account')).toContainText('eip155:31338')
    await page.getByTestId('siwx-sign').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await switchInModal(page, 'eip155:31337')
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('demo-account')).toHaveText(`${world.accounts[0]!.address} on eip155:31337`)
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await expect(page.getByTestId('view-SIWXSignMessage')).toHaveCount(0)
  })

  test('reject: "Signature declined" shows, the view stays and nothing is stored', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await connect(page, 'required')
    await setDevWalletMode(page, 'reject')
    await page.getByTestId('siwx-sign').click()
    await expect(page.getByTestId('snack')).toContainText('Signature declined')
    await expect(page.getByTestId('view-SIWXSignMessage')).toBeVisible()
    await snapshot(page, 'siwx-declined-dark')
    expect(await sessions(page)).toEqual({ sessions: [], stored: [] })
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-out')
  })

  test('cancel: disconnected, and the next open shows Connect', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await connect(page, 'required')
    await page.getByTestId('siwx-cancel').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
  })

  test('Escape and the close button shake the modal instead of closing it', async ({ page }) => {
    await initDevWallet(page, { mode: 'approve' })
    await connect(page, 'required')
    const panel = page.getByTestId('modal-panel')
    // Each shake is counted as it starts: a 500 ms class is easy to miss by polling on a busy machine.
    await panel.evaluate((el) => {
      const w = window as unknown as { __shakes: number }
      w.__shakes = 0
      new MutationObserver(() => {
        if (el.classList.contains('wg-shake')) w.__shakes += 1
      }).observe(el, { attributes: true, attributeFilter: ['class'] })
    })
    const shakes = () => page.evaluate(() => (window as unknown as { __shakes: number }).__shakes)
    await page.keyboard.press('Escape')
    await expect.poll(shakes).toBe(1)
    await expect(page.getByTestId('view-SIWXSignMessage')).toBeVisible()
    await expect(panel).not.toHaveClass(/wg-shake/)
    await page.getByTestId('modal-close').click()
    await expect.poll(shakes).toBe(2)
    await expect(panel).not.toHaveClass(/wg-shake/)
    await expect(page.getByTestId('view-SIWXSignMessage')).toBeVisible()
    await expect(page.getByTestId('demo-account')).not.toHaveText('Not connected')
  })

  test('the sign view in the light theme, 360 px wide', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 })
    await initDevWallet(page, { mode: 'approve' })
    await page.goto('/?siwx=required')
    await page.getByTestId('theme-toggle').click()
    await page.getByTestId('connect-button').click()
    await page.getByTestId(`wallet-${DEVNET_WALLET_RDNS}`).click()
    const view = page.getByTestId('view-SIWXSignMessage')
    await expect(view).toBeVisible()
    await expect(page.getByTestId('siwx-sign')).toBeInViewport()
    const overflow = await view.evaluate((el) => el.scrollWidth > el.clientWidth)
    expect(overflow).toBe(false)
    await snapshot(page, 'siwx-sign-light-360')
  })
})

test.describe('sign in with the wallet, optional', () => {
  test('cancel keeps the wallet connected and unsigned', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'approve' })
    await connect(page, 'optional')
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.getByRole('dialog')).toBeHidden()
    await page.getByTestId('demo-sign-in').click()
    await expect(page.getByTestId('view-SIWXSignMessage')).toBeHidden()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await page.getByTestId('demo-sign-out').click()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-out')
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
  })

  test('the Cancel button closes, and the wallet stays connected and unsigned', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'approve' })
    await connect(page, 'optional')
    await page.getByTestId('siwx-cancel').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[0]!.address)
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-out')
    expect((await sessions(page)).sessions).toEqual([])
  })
})

/** The bearer tokens the page keeps for the sessions the devnet service holds. */
async function serverTokens(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith(':siwx:server-tokens'))
    return (JSON.parse((key === undefined ? null : localStorage.getItem(key)) ?? '[]') as { token: string }[]).map((e) => e.token)
  })
}

test.describe('sign in through the host server (the devnet auth endpoints)', () => {
  // The fault switch below is the service's, shared by every test of this group.
  test.describe.configure({ mode: 'serial' })

  test('/auth/v1/me answers the signed address after sign-in, after a reload too, and 401 after sign-out', async ({ page, world }) => {
    await initDevWallet(page, { mode: 'approve' })
    await connect(page, 'server')
    await page.getByTestId('siwx-sign').click()
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    const address = world.accounts[0]!.address
    const [token] = await serverTokens(page)
    const me = () => fetch(`${world.serviceUrl}/auth/v1/me`, { headers: { authorization: `Bearer ${token ?? ''}` } })
    const answer = await me()
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ address, caipNetworkId: 'eip155:31337', session: { data: { accountAddress: address, domain: new URL(page.url()).host } } })
    // The page keeps the token only; the session is the server's.
    expect((await sessions(page)).stored).toEqual([expect.stringMatching(/^walletgate:.*:siwx:server-tokens$/)])
    expect(await serverTokens(page)).toEqual([token])

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(address)
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-in')
    await expect(page.getByTestId('modal-panel')).toBeHidden()

    await page.getByTestId('demo-sign-out').click()
    await expect(page.getByTestId('demo-siwx')).toHaveText('signed-out')
    await expect.poll(async () => (await me()).status).toBe(401)
    expect(await serverTokens(page)).toEqual([])
  })

  test('a nonce the server cannot give: "A problem occurred while trying initialize authentication", and disconnected', async ({ page, world, pageProblems }) => {
    await initDevWallet(page, { mode: 'approve' })
    await connect(page, 'server')
    await devnetAdmin(world, 'POST', '/faults', { path: '/auth/v1/nonce', method: 'POST', count: 1, kind: '500' })
    try {
      await page.getByTestId('siwx-sign').click()
      await expect(page.getByTestId('snack')).toBeVisible()
      // The injected 500 is the point: Chromium's line for it is expected, nothing the app logs is.
      dropExpectedNetworkErrors(pageProblems, /status of 500/)
      await expect(page.getByTestId('snack')).toContainText('A problem occurred while trying initialize authentication')
      await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
      expect(await serverTokens(page)).toEqual([])
    } finally {
      await clearServiceFaults(world)
    }
  })
})
