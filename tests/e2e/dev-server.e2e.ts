/**
 * The demo under Vite's dev server, as a host developer runs it with `npm start` or their own Vite
 * in development: dependencies load whole there (no tree-shaking), so a package that reads one of
 * Node's globals while it loads breaks the page although the production build works. A Solana
 * send is the path that did ("Buffer is not defined" from @solana/spl-token).
 */
import { Keypair } from '@solana/web3.js'
import { createServer, type ViteDevServer } from 'vite'
import { DEVNET_SOLANA_ACCOUNTS, SOLANA_DEVNET_CAIP_NETWORK_ID } from '../../devnet/src/config'
import { rpc } from './support/account-helpers'
import { freePort } from './support/free-port'
import { expect, test } from './support/fixtures'

const WALLET = 'dev.walletgate.devnet'

let server: ViteDevServer | undefined
let base = ''

test.beforeAll(async () => {
  const port = await freePort()
  server = await createServer({ configFile: 'vite.demo.config.ts', logLevel: 'warn', server: { port, strictPort: true, hmr: false } })
  await server.listen()
  base = `http://127.0.0.1:${port}`
})

test.afterAll(async () => {
  await server?.close()
})

test('a SOL send works on the dev server (no Node global is needed in the browser)', async ({ page, world }) => {
  // The dev server optimises dependencies on the first visit: it may take longer than a built page.
  test.setTimeout(180_000)
  const receiver = Keypair.generate().publicKey.toBase58()
  await page.addInitScript((init) => {
    ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = init
  }, { mode: 'approve', solanaAccountIndex: 7 })
  await page.goto(base)
  await page.waitForFunction(() => (window as unknown as { devWallet?: unknown }).devWallet !== undefined, undefined, { timeout: 90_000 })
  await page.getByTestId('connect-button').click()
  await page.getByTestId(`wallet-${WALLET}`).click()
  await expect(page.getByTestId('demo-account')).toContainText('eip155:31337', { timeout: 30_000 })
  await page.getByTestId('connect-button').click()
  await page.getByTestId('account-network-button').click()
  await page.getByTestId(`network-${SOLANA_DEVNET_CAIP_NETWORK_ID}`).click()
  await expect(page.getByTestId('demo-account')).toContainText(DEVNET_SOLANA_ACCOUNTS[7]!.address)

  await page.getByTestId('account-send').click()
  await expect(page.getByTestId('view-Send')).toBeVisible()
  const select = page.getByTestId('send-token')
  await expect(select.locator('option', { hasText: 'SOL ·' })).toHaveCount(1, { timeout: 30_000 })
  await select.selectOption({ label: (await select.locator('option', { hasText: 'SOL ·' }).textContent()) ?? '' })
  await page.getByTestId('send-amount').fill('0.25')
  await page.getByTestId('send-receiver').fill(receiver)
  await page.getByTestId('send-review').click()
  await expect(page.getByTestId('view-SendPreview')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('send-preview-fee')).toContainText('SOL', { timeout: 30_000 })
  await page.getByTestId('send-confirm').click()
  await expect(page.getByTestId('snack')).toHaveText(/Sent 0\.25 SOL/, { timeout: 30_000 })
  await expect.poll(async () => (await rpc<{ value: number }>(world.solanaRpcUrl, 'getBalance', [receiver])).value).toBe(250_000_000)
})
