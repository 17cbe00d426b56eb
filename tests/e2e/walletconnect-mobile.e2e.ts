/**
 * WalletConnect on phones: Safari on iOS and Telegram take the spec's path (section 4): the
 * pairing URI is prepared when the wallet is chosen, the tap opens the wallet's link with it at
 * once, an unexpired pairing is reused, the status is `connecting` until the pairing completes.
 * The devnet wallet peer then pairs with the very URI the link carried. Plus the desktop Basic
 * view's wallet list and destroy() leaving no WebSocket to the relay.
 */
import type { Page, WebSocket } from '@playwright/test'
import { startWalletPeer, type WalletPeer } from '../../devnet/src/wc-wallet'
import { seriousViolations } from './support/axe'
import { initDevWallet } from './support/dev-wallet'
import { expect, snapshot, test } from './support/fixtures'
import type { E2eWorld } from './support/world'

interface DemoWindow {
  walletgateDemo: {
    open(options: { view: string }): Promise<void>
    getState(): { status: string; view: string }
    destroy(): void
  }
  __telegramOpened: string[]
}

const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.6261.105 Mobile Safari/537.36'
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const
const DEVNET_SCHEME = 'walletgate-devnet://'

let peer: WalletPeer | undefined

test.afterEach(async () => {
  await peer?.stop()
  peer = undefined
})

function startPeer(world: E2eWorld, accountIndex: number): Promise<WalletPeer> {
  return startWalletPeer({
    relayUrl: world.relayUrl,
    rpcUrls: { 31337: world.rpcUrls[31337], 31338: world.rpcUrls[31338] },
    privateKey: world.accounts[accountIndex]!.privateKey,
    projectId: 'walletgate-test',
    mode: 'approve',
  })
}

/** The pairing URI inside a wallet link (`…wc?uri=<encoded>`). */
function uriOf(link: string): string {
  const at = link.indexOf('wc?uri=')
  expect(at, `a WalletConnect link: ${link}`).toBeGreaterThan(0)
  return decodeURIComponent(link.slice(at + 'wc?uri='.length))
}

const modalStatus = (page: Page) => page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.getState().status)

/**
 * Records the page's navigations to the Devnet Wallet's scheme (`window.open(link, '_self')`) and
 * keeps them from the browser, as a phone without the app would: in headless Chromium a real
 * navigation to an unhandled scheme leaves the page deaf to every later click.
 */
async function recordWalletLinks(page: Page): Promise<void> {
  await page.addInitScript((scheme) => {
    const w = window as unknown as { __walletLinks: string[] }
    w.__walletLinks = []
    const open = window.open.bind(window)
    window.open = (url?: string | URL, target?: string, features?: string) => {
      const text = String(url ?? '')
      if (target === '_self' && text.startsWith(scheme)) {
        w.__walletLinks.push(text)
        return null
      }
      return open(url, target, features)
    }
  }, DEVNET_SCHEME)
}

const walletLinks = (page: Page) => page.evaluate(() => (window as unknown as { __walletLinks: string[] }).__walletLinks)

/** Taps "Open <name>" and returns the deep link the tap opened, recorded by the time the click returns. */
async function tapOpenAndCatchNavigation(page: Page, name: string): Promise<string> {
  const before = (await walletLinks(page)).length
  await page.getByRole('button', { name: `Open ${name}` }).click()
  const links = await walletLinks(page)
  expect(links).toHaveLength(before + 1)
  const link = links[before]!
  expect(link.startsWith(`${DEVNET_SCHEME}wc?uri=`)).toBe(true)
  return link
}

test.describe('WalletConnect on Safari on iOS', () => {
  test.use({ ...PHONE, userAgent: IOS_SAFARI })

  test('the tap opens the chosen wallet with the prepared pairing; going back and tapping again reuses it; the peer pairs with it', async ({
    page,
    world,
  }) => {
    test.setTimeout(90_000)
    // No browser wallet on a phone: the Devnet Wallet is a catalogue wallet with a deep link.
    await initDevWallet(page, { absent: true })
    await recordWalletLinks(page)
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByRole('button', { name: /Devnet Wallet/ }).click()
    const view = page.getByTestId('view-ConnectingWalletConnect')
    await expect(view).toHaveAttribute('data-platform', 'ios-safari')
    await expect(page.getByTestId('walletconnect-wallet')).toContainText('Devnet Wallet')
    expect(await modalStatus(page)).toBe('connecting')
    // Prepared before the tap: the button is enabled once the pairing exists.
    await expect(page.getByTestId('walletconnect-open')).toBeEnabled({ timeout: 20_000 })
    await snapshot(page, 'walletconnect-ios-open-wallet')
    const first = await tapOpenAndCatchNavigation(page, 'Devnet Wallet')

    expect(first.startsWith(`${DEVNET_SCHEME}wc?uri=`)).toBe(true)
    const uri = uriOf(first)
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)

    // Back to Connect: still connecting (the wallet may approve later). Choosing the wallet
    // again reuses the unexpired pairing.
    await page.getByTestId('modal-back').click()
    await expect(page.getByTestId('view-Connect')).toBeVisible()
    expect(await modalStatus(page)).toBe('connecting')
    await page.getByRole('button', { name: /Devnet Wallet/ }).click()
    await expect(page.getByTestId('walletconnect-open')).toBeEnabled()
    expect(await modalStatus(page)).toBe('connecting')
    const second = await tapOpenAndCatchNavigation(page, 'Devnet Wallet')
    expect(uriOf(second)).toBe(uri)

    // The wallet app would now pair; the devnet peer does it with that URI.
    peer = await startPeer(world, 9)
    await peer.pair(uri)
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[9]!.address, { timeout: 30_000 })
    expect(await modalStatus(page)).toBe('connected')
    await page.getByTestId('connect-button').click()
    await expect(page.getByTestId('view-Account')).toBeVisible()
    await expect(page.getByTestId('account-address').first()).toBeVisible()
  })

  test('a deep link that does not hand over (the page stays visible) offers the QR code and the link', async ({ page, world }) => {
    test.setTimeout(90_000)
    await initDevWallet(page, { absent: true })
    await recordWalletLinks(page)
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByRole('button', { name: /Devnet Wallet/ }).click()
    await expect(page.getByTestId('walletconnect-open')).toBeEnabled({ timeout: 20_000 })
    const uri = uriOf(await tapOpenAndCatchNavigation(page, 'Devnet Wallet'))
    // Headless Chromium has no app for the scheme: the page stays visible and after ~2.5 s the fallback shows.
    const fallback = page.getByTestId('walletconnect-not-handed-over')
    await expect(fallback).toContainText('Devnet Wallet did not open', { timeout: 6_000 })
    await expect(fallback.getByRole('button', { name: 'Copy link' })).toBeEnabled()
    await snapshot(page, 'walletconnect-ios-not-handed-over')
    expect(await seriousViolations(page)).toEqual([])
    await fallback.getByRole('button', { name: 'Show QR code' }).click()
    const qr = page.getByTestId('walletconnect-qr')
    await expect(qr).toHaveAttribute('data-uri', uri)

    peer = await startPeer(world, 9)
    await peer.pair(uri)
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[9]!.address, { timeout: 30_000 })
  })
})

test.describe('WalletConnect inside Telegram', () => {
  test.use({ ...PHONE, userAgent: ANDROID_CHROME })

  test('a universal link goes through Telegram.WebApp.openLink with the prepared pairing; status connecting until the peer pairs', async ({
    page,
    world,
  }) => {
    test.setTimeout(90_000)
    await page.addInitScript(() => {
      const w = window as unknown as DemoWindow & { Telegram: unknown }
      w.__telegramOpened = []
      w.Telegram = { WebApp: { platform: 'android', initData: '', openLink: (url: string) => w.__telegramOpened.push(url) } }
    })
    await initDevWallet(page, { absent: true })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    // Cobalt Wallet's catalogue entry is a universal link (https://cobaltwallet.example/app).
    await page.getByRole('button', { name: /Cobalt Wallet/ }).click()
    const view = page.getByTestId('view-ConnectingWalletConnect')
    await expect(view).toHaveAttribute('data-platform', 'telegram')
    expect(await modalStatus(page)).toBe('connecting')
    const open = page.getByTestId('walletconnect-open')
    await expect(open).toBeEnabled({ timeout: 20_000 })
    await open.click()
    const opened = await page.evaluate(() => (window as unknown as DemoWindow).__telegramOpened)
    expect(opened).toHaveLength(1)
    expect(opened[0]!.startsWith('https://cobaltwallet.example/app/wc?uri=')).toBe(true)
    const uri = uriOf(opened[0]!)
    // The page did not navigate away: Telegram opened the link.
    await expect(view).toBeVisible()

    // Back and again: the same pairing.
    await page.getByTestId('modal-back').click()
    await page.getByRole('button', { name: /Cobalt Wallet/ }).click()
    await expect(open).toBeEnabled()
    await open.click()
    expect(await page.evaluate(() => (window as unknown as DemoWindow).__telegramOpened)).toEqual([opened[0], opened[0]])
    expect(await modalStatus(page)).toBe('connecting')

    peer = await startPeer(world, 6)
    await peer.pair(uri)
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[6]!.address, { timeout: 30_000 })
    expect(await modalStatus(page)).toBe('connected')
  })
})

test.describe('WalletConnect on an Android phone (no prepared-pairing path)', () => {
  test.use({ ...PHONE, userAgent: ANDROID_CHROME })

  test('going back drops the pairing, so choosing again makes a new one; the manual WalletConnect control opens AllWallets', async ({
    page,
  }) => {
    await initDevWallet(page, { absent: true })
    await recordWalletLinks(page)
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByRole('button', { name: /Devnet Wallet/ }).click()
    await expect(page.getByTestId('view-ConnectingWalletConnect')).toHaveAttribute('data-platform', 'mobile')
    await expect(page.getByTestId('walletconnect-open')).toBeEnabled({ timeout: 20_000 })
    const first = uriOf(await tapOpenAndCatchNavigation(page, 'Devnet Wallet'))
    await page.getByTestId('modal-back').click()
    expect(await modalStatus(page)).toBe('disconnected')
    await page.getByRole('button', { name: /Devnet Wallet/ }).click()
    await expect(page.getByTestId('walletconnect-open')).toBeEnabled({ timeout: 20_000 })
    const second = uriOf(await tapOpenAndCatchNavigation(page, 'Devnet Wallet'))
    expect(second).not.toBe(first)

    // The WalletConnect row on a phone: the wallet list, not a QR code the phone cannot scan.
    await page.getByTestId('modal-close').click()
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-walletConnect').click()
    await expect(page.getByTestId('view-AllWallets')).toBeVisible()
    await expect(page.getByTestId('walletconnect-qr')).toHaveCount(0)

    await page.getByTestId('modal-close').click()
    await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.open({ view: 'ConnectingWalletConnectBasic' }))
    await expect(page.getByTestId('view-AllWallets')).toBeVisible()
    await expect(page.getByTestId('all-wallets-list').getByRole('button', { name: /Devnet Wallet/ })).toBeVisible()
  })
})

test.describe('WalletConnect on a desktop: the Basic view and destroy()', () => {
  test('ConnectingWalletConnectBasic lists wallets; choosing one keeps the QR, titled with the wallet, and the peer pairs', async ({
    page,
    world,
  }) => {
    test.setTimeout(90_000)
    await page.goto('/')
    await expect(page.getByTestId('connect-button')).toBeVisible()
    await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.open({ view: 'ConnectingWalletConnectBasic' }))
    await expect(page.getByTestId('view-ConnectingWalletConnectBasic')).toBeVisible()
    const qr = page.getByTestId('walletconnect-qr')
    await expect(qr).toBeVisible({ timeout: 20_000 })
    const uri = await qr.getAttribute('data-uri')
    await expect(page.getByTestId('walletconnect-copy')).toBeVisible()
    const list = page.getByTestId('walletconnect-wallet-list')
    await expect(list.getByRole('button', { name: /Aurora Wallet/ })).toBeVisible()
    await snapshot(page, 'walletconnect-basic-wallet-list')
    expect(await seriousViolations(page)).toEqual([])
    await list.getByRole('button', { name: /Aurora Wallet/ }).click()
    await expect(page.getByTestId('view-ConnectingWalletConnect')).toBeVisible()
    await expect(page.getByTestId('walletconnect-wallet')).toContainText('Aurora Wallet')
    await expect(qr).toHaveAttribute('data-uri', uri!)
    await expect(page.getByTestId('walletconnect-open')).toHaveCount(0)

    peer = await startPeer(world, 8)
    await peer.pair(uri!)
    await expect(page.getByTestId('demo-account')).toContainText(world.accounts[8]!.address, { timeout: 30_000 })
  })

  test('destroy() leaves no open WebSocket to the relay', async ({ page, world }) => {
    const sockets: WebSocket[] = []
    page.on('websocket', (ws) => {
      if (ws.url().startsWith(world.relayUrl)) sockets.push(ws)
    })
    await page.goto('/')
    await page.getByTestId('connect-button').click()
    await page.getByTestId('wallet-walletConnect').click()
    await expect(page.getByTestId('walletconnect-qr')).toBeVisible({ timeout: 20_000 })
    expect(sockets.length).toBeGreaterThan(0)
    expect(sockets.some((ws) => !ws.isClosed())).toBe(true)

    await page.evaluate(() => (window as unknown as DemoWindow).walletgateDemo.destroy())
    await expect.poll(() => sockets.filter((ws) => !ws.isClosed()).length, { timeout: 10_000 }).toBe(0)
  })
})
