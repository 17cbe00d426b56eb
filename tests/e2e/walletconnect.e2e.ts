import { recoverMessageAddress, type Hex } from 'viem'
import { startWalletPeer, type WalletPeer } from '../../devnet/src/wc-wallet'
import { expect, test } from './support/fixtures'

interface DemoWindow {
  walletgateDemo: {
    open(options: { view: string }): Promise<void>
    getProvider(namespace: 'eip155'): Promise<{ request(args: { method: string; params?: unknown }): Promise<unknown> } | undefined>
  }
}

let peer: WalletPeer | undefined

test.afterEach(async () => {
  await peer?.stop()
  peer = undefined
})

test.describe('WalletConnect with a wallet peer on the devnet relay', () => {
  test('QR pairing, Account with the peer address, personal_sign, a mined transfer, reload, wallet-side delete', async ({
    page,
    world,
  }) => {
    test.setTimeout(120_000)
    const key = world.accounts[2]!
    peer = await startWalletPeer({
      relayUrl: world.relayUrl,
      rpcUrls: { 31337: world.rpcUrls[31337], 31338: world.rpcUrls[31338] },
      privateKey: key.privateKey,
      projectId: 'walletgate-test',
      mode: 'approve',
    })

    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    await expect(page.getByTestId('wallet-walletConnect').locator('.wg-wc-logo')).toBeVisible()
    await page.getByTestId('wallet-walletConnect').click()
    const view = page.getByTestId('view-ConnectingWalletConnect')
    await expect(view).toBeVisible()
    const qr = page.getByTestId('walletconnect-qr')
    await expect(qr).toBeVisible({ timeout: 20_000 })
    await expect(qr.locator('svg path')).toHaveCount(1)
    await expect(qr.locator('.wg-wc-logo')).toBeVisible()
    await expect(page.getByTestId('walletconnect-scan')).toHaveText('Scan with your phone')
    await expect(page.getByTestId('walletconnect-countdown')).toContainText(/New code in 3:[45]\d/)
    const uri = await qr.getAttribute('data-uri')
    expect(uri).toMatch(/^wc:/)

    await peer.pair(uri!)
    await expect(page.getByRole('dialog')).toBeHidden({ timeout: 30_000 })
    await expect(page.getByTestId('demo-account')).toContainText(key.address)
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('account-address').first()).toBeVisible()
    await expect(page.getByTestId('account-balance').first()).toContainText('ETH')

    const message = 'Sign in to Walletgate e2e'
    const signature = await page.evaluate(
      async ({ message, address }) => {
        const provider = await (window as unknown as DemoWindow).walletgateDemo.getProvider('eip155')
        return provider?.request({ method: 'personal_sign', params: [message, address] })
      },
      { message, address: key.address },
    )
    expect(await recoverMessageAddress({ message, signature: signature as Hex })).toBe(key.address)

    const hash = (await page.evaluate(
      async ({ from, to }) => {
        const provider = await (window as unknown as DemoWindow).walletgateDemo.getProvider('eip155')
        return provider?.request({ method: 'eth_sendTransaction', params: [{ from, to, value: '0x2386f26fc10000' }] })
      },
      { from: key.address, to: world.accounts[3]!.address },
    )) as string
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    await expect
      .poll(async () => {
        const response = await fetch(world.rpcUrls[31337], {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [hash] }),
        })
        const body = (await response.json()) as { result: { status: string } | null }
        return body.result?.status
      })
      .toBe('0x1')

    await page.reload()
    await expect(page.getByTestId('demo-account')).toContainText(key.address, { timeout: 20_000 })

    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await peer.disconnectAll()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected', { timeout: 20_000 })
    await expect(page.getByTestId('view-Connect')).toBeVisible()
  })

  test('a declined pairing offers retry, and the retry connects', async ({ page, world }) => {
    test.setTimeout(90_000)
    const key = world.accounts[4]!
    peer = await startWalletPeer({
      relayUrl: world.relayUrl,
      rpcUrls: { 31337: world.rpcUrls[31337], 31338: world.rpcUrls[31338] },
      privateKey: key.privateKey,
      projectId: 'walletgate-test',
      mode: 'reject',
    })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-walletConnect').click()
    const qr = page.getByTestId('walletconnect-qr')
    await expect(qr).toBeVisible({ timeout: 20_000 })
    await peer.pair((await qr.getAttribute('data-uri'))!)
    const view = page.getByTestId('view-ConnectingWalletConnect')
    await expect(view).toHaveAttribute('data-status', 'declined', { timeout: 20_000 })
    await expect(view).toContainText('Connection declined')

    peer.setMode('approve')
    await page.getByTestId('connect-retry').click()
    await expect(qr).toBeVisible({ timeout: 20_000 })
    await peer.pair((await qr.getAttribute('data-uri'))!)
    await expect(page.getByTestId('demo-account')).toContainText(key.address, { timeout: 30_000 })
  })

  test('a network switch over the session, then disconnecting from the modal ends the session in the wallet too', async ({ page, world }) => {
    test.setTimeout(90_000)
    const key = world.accounts[5]!
    peer = await startWalletPeer({
      relayUrl: world.relayUrl,
      rpcUrls: { 31337: world.rpcUrls[31337], 31338: world.rpcUrls[31338] },
      privateKey: key.privateKey,
      projectId: 'walletgate-test',
      mode: 'approve',
    })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-walletConnect').click()
    const qr = page.getByTestId('walletconnect-qr')
    await expect(qr).toBeVisible({ timeout: 20_000 })
    await peer.pair((await qr.getAttribute('data-uri'))!)
    await expect(page.getByTestId('demo-account')).toContainText(`${key.address} on eip155:31337`, { timeout: 30_000 })
    expect(peer.sessions()).toHaveLength(1)

    await page.evaluate(async () => {
      const provider = await (window as unknown as DemoWindow).walletgateDemo.getProvider('eip155')
      await provider?.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    })
    await expect(page.getByTestId('demo-account')).toContainText(`${key.address} on eip155:31338`, { timeout: 20_000 })

    await page.getByTestId('demo-disconnect').click()
    await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
    await expect.poll(() => peer!.sessions().length, { timeout: 20_000 }).toBe(0)
    await page.reload()
    await expect(page.getByTestId('connect-button')).toHaveText('Connect Wallet')
  })

  test('a host opening ConnectingWalletConnectBasic gets a QR at once, and pairing connects', async ({ page, world }) => {
    test.setTimeout(60_000)
    const key = world.accounts[6]!
    peer = await startWalletPeer({
      relayUrl: world.relayUrl,
      rpcUrls: { 31337: world.rpcUrls[31337], 31338: world.rpcUrls[31338] },
      privateKey: key.privateKey,
      projectId: 'walletgate-test',
      mode: 'approve',
    })
    await page.goto('/')
    await expect(page.getByTestId('connect-button')).toBeVisible()
    await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.open({ view: 'ConnectingWalletConnectBasic' }))
    await expect(page.getByTestId('view-ConnectingWalletConnectBasic')).toBeVisible()
    const qr = page.getByTestId('walletconnect-qr')
    await expect(qr).toBeVisible({ timeout: 20_000 })
    await peer.pair((await qr.getAttribute('data-uri'))!)
    await expect(page.getByTestId('demo-account')).toContainText(key.address, { timeout: 30_000 })
  })

  test('the QR counts down and is replaced by a fresh pairing before it expires (browser clock driven)', async ({ page, world }) => {
    test.setTimeout(60_000)
    await page.clock.install()
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-walletConnect').click()
    const qr = page.getByTestId('walletconnect-qr')
    await expect(qr).toBeVisible({ timeout: 20_000 })
    const first = await qr.getAttribute('data-uri')
    const countdown = page.getByTestId('walletconnect-countdown')
    await expect(countdown).toHaveText(/^New code in 3:[0-5]\d$/)
    await page.clock.runFor(60_000)
    await expect(countdown).toHaveText(/^New code in 2:[0-5]\d$/)
    await expect(qr).toHaveAttribute('data-uri', first!)
    // Under 3 minutes are left; 10 s before expiry the adapter asks for a new pairing and the QR shows it.
    // The clock stops just past that moment: the relay answers in real time, and a clock jumping on
    // would run out the bounded wait for the relay before its answer arrives.
    await page.clock.runFor(171_000)
    await expect(qr).not.toHaveAttribute('data-uri', first!, { timeout: 20_000 })
    await expect(countdown).toHaveText(/^New code in 3:[0-5]\d$/)

    const key = world.accounts[7]!
    peer = await startWalletPeer({
      relayUrl: world.relayUrl,
      rpcUrls: { 31337: world.rpcUrls[31337], 31338: world.rpcUrls[31338] },
      privateKey: key.privateKey,
      projectId: 'walletgate-test',
      mode: 'approve',
    })
    await peer.pair((await qr.getAttribute('data-uri'))!)
    await expect(page.getByTestId('demo-account')).toContainText(key.address, { timeout: 30_000 })
  })
})
