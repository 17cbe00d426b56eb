/**
 * The quick starts (the README's, docs/quick-starts.md's) as a host developer runs them: each made exactly as printed (the pinned
 * template generators, the install line, the README's files) from the packed tarball, compared with
 * examples/, built, served from their own origins on 127.0.0.1, connecting the Devnet Wallet.
 * Their configs name the devnet's default addresses (127.0.0.1:8545, :8787, :8788) exactly as the
 * README does; the browser's requests to those are carried to this suite's own devnet, so the
 * suite runs beside `npm start`.
 */
import type { BrowserContext, Page } from '@playwright/test'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { WebSocket } from 'ws'
import { prepareExamples, type ExamplesSite } from './support/examples'
import { expect, test } from './support/fixtures'
import type { E2eWorld } from './support/world'

let site: ExamplesSite | undefined

test.describe.configure({ mode: 'serial' })

test.beforeAll(async () => {
  // Pack, three generators and installs, two builds: minutes on a busy machine, and never on the
  // tests' own clock.
  test.setTimeout(600_000)
  site = await prepareExamples()
})

test.afterAll(async () => {
  await site?.stop()
})

/** The devnet's default addresses, as the examples name them, carried to this suite's devnet. */
async function carryDefaultsTo(context: BrowserContext, world: E2eWorld): Promise<void> {
  const http: Record<string, string> = {
    'http://127.0.0.1:8545': world.rpcUrls[31337],
    'http://127.0.0.1:8787': world.serviceUrl,
  }
  for (const [from, to] of Object.entries(http)) {
    await context.route(`${from}/**`, (route) => route.continue({ url: route.request().url().replace(from, to.replace(/\/$/, '')) }))
  }
  await context.routeWebSocket(/^ws:\/\/127\.0\.0\.1:8788(\/|\?|$)/, (route) => {
    const relay = new WebSocket(route.url().replace('ws://127.0.0.1:8788', world.relayUrl))
    const early: (string | Buffer)[] = []
    relay.on('open', () => early.splice(0).forEach((message) => relay.send(message)))
    relay.on('message', (data, binary) => route.send(binary ? (data as Buffer) : data.toString()))
    relay.on('close', () => void route.close())
    relay.on('error', () => void route.close())
    route.onMessage((message) => (relay.readyState === WebSocket.OPEN ? relay.send(message) : early.push(message)))
    route.onClose(() => relay.close())
  })
}

async function connectDevnetWallet(page: Page, world: E2eWorld, openButton: string): Promise<void> {
  await page.getByRole('button', { name: openButton }).click()
  await page.getByTestId('wallet-dev.walletgate.devnet').click()
  await expect(page.locator('#status')).toHaveText(world.accounts[0]!.address)
}

test('the quick starts, made as the README prints them, are the apps in examples/', () => {
  expect(Object.keys(site!.apps).sort()).toEqual(['examples/nextjs', 'examples/plain-html', 'examples/vite-react'])
  expect(site!.differences).toEqual({ 'examples/nextjs': [], 'examples/plain-html': [], 'examples/vite-react': [] })
})

test('the quick starts install on Node 20.19 and up without an engine warning', () => {
  const warned = Object.values(site!.apps).filter((app) => app.output.includes('EBADENGINE'))
  expect(warned.map((app) => `${app.example}:\n${app.output}`)).toEqual([])
})

test.describe('the quick starts, installed from the packed tarball', () => {
  test.beforeEach(async ({ context, page, world }) => {
    await carryDefaultsTo(context, world)
    await page.addInitScript(() => {
      ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = { mode: 'approve', accountIndex: 0 }
    })
    await page.addInitScript({ content: site!.walletScript })
  })

  test('plain HTML (the standalone build, no bundler) connects the Devnet Wallet', async ({ page, world }) => {
    await page.goto(`${site!.url}/plain-html/`)
    await expect(page.locator('#status')).toHaveText('Not connected')
    await connectDevnetWallet(page, world, 'Connect')
  })

  test('Next.js (App Router): the server HTML holds the ConnectButton; the page hydrates without a warning and connects', async ({
    page,
    request,
    world,
  }) => {
    const html = await (await request.get(`${site!.nextUrl}/`)).text()
    expect(html).toMatch(/<button[^>]*data-testid="connect-button"[^>]*>Connect Wallet<\/button>/)
    expect(html).toContain('<p id="status">Not connected</p>')
    await page.goto(`${site!.nextUrl}/`)
    await expect(page.locator('#status')).toHaveText('Not connected')
    // A hydration mismatch is a console error, which the fixture fails the test on.
    await connectDevnetWallet(page, world, 'Connect Wallet')
  })

  test('React (Vite): tsc and vite build pass, and the page connects the Devnet Wallet', async ({ page, world }) => {
    await page.goto(`${site!.url}/`)
    await expect(page.locator('#status')).toHaveText('Not connected')
    await connectDevnetWallet(page, world, 'Connect Wallet')
  })
})

/**
 * Packages of the chain families beyond EVM (optional peers of walletgate, installed by a host that
 * uses one). Not @solana/wallet-standard-util: walletgate/testing's devnet service verifies Sign In
 * With Solana with it, so it stays a dependency.
 */
const FAMILY_PACKAGES = ['@solana/web3.js', '@wallet-standard/app', '@polkadot/util', '@polkadot/util-crypto', '@cosmjs/amino', '@cosmjs/crypto', '@cosmjs/encoding', '@scure/btc-signer']

/**
 * Texts only the solana, bip122, polkadot and cosmos wings' discovery holds (WalletConnect's SDK,
 * which every host bundles, names the namespaces themselves, so those are no markers).
 */
const FAMILY_MARKERS = ['bitcoin:connect', 'btc_providers', 'injectedWeb3', 'solana:signAndSendTransaction', 'Keplr']

test('the EVM-only Vite + React app installs no other family\'s packages and bundles none of their code', () => {
  const app = site!.apps['examples/vite-react']!.dir
  const missing = FAMILY_PACKAGES.filter((name) => !existsSync(join(app, 'node_modules', name, 'package.json')))
  expect(missing).toEqual(FAMILY_PACKAGES)
  const assets = join(app, 'dist/assets')
  const code = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
  expect(code.length).toBeGreaterThan(0)
  expect(FAMILY_MARKERS.filter((marker) => code.some((text) => text.includes(marker)))).toEqual([])
})

test('a host test written only against walletgate/testing starts its devnet, connects the test wallet and sends', async () => {
  // Its own Playwright run: a devnet of its own to start, then one connect and one send.
  test.setTimeout(240_000)
  const report = await site!.runHostTest()
  expect(report).toMatch(/\b2 passed\b/)
})
