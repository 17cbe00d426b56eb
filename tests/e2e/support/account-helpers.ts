/** Helpers of the account and networks e2e specs: connect the Devnet Wallet, read chains, axe, snacks. */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { expect } from './fixtures'
import { settledAnimations } from './axe'

/** Opens the demo with the Devnet Wallet approving every request, connects it, then shows Account. */
export async function connectDevWallet(page: Page, init: { chainId?: number; accountIndex?: number } = {}): Promise<void> {
  await page.addInitScript((walletInit) => {
    ;(window as unknown as { __devWalletInit: unknown }).__devWalletInit = { mode: 'approve', ...walletInit }
  }, init)
  await page.goto('/')
  await page.getByTestId('connect-button').click()
  await page.getByTestId('wallet-dev.walletgate.devnet').click()
  await expect(page.getByTestId('demo-account')).not.toHaveText('Not connected')
  await openAccount(page)
}

/**
 * Shows the Account view, opening the modal when it is closed. An open modal is left to get there
 * itself (after a network switch it returns to Account): clicking the page under it would land
 * on the backdrop.
 */
export async function openAccount(page: Page): Promise<void> {
  if (!(await page.getByTestId('modal-panel').isVisible())) {
    await page.getByRole('button', { name: 'Account', exact: true }).click()
  }
  await expect(page.getByTestId('view-Account')).toBeVisible()
}

let rpcId = 0

export async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

export async function nativeBalance(rpcUrl: string, address: string): Promise<bigint> {
  return BigInt(await rpc<string>(rpcUrl, 'eth_getBalance', [address, 'latest']))
}

export async function erc20Balance(rpcUrl: string, token: string, address: string): Promise<bigint> {
  const data = `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}`
  return BigInt(await rpc<string>(rpcUrl, 'eth_call', [{ to: token, data }, 'latest']))
}

/** What the Account shows for `units` of a token with `decimals`: 3 decimals, truncated, grouped as en-US writes it. */
export function threeDecimals(units: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals)
  const whole = units / scale
  const fraction = ((units % scale) * 1000n) / scale
  return `${whole.toLocaleString('en-US')}.${fraction.toString().padStart(3, '0')}`
}

/** Records the text of every snack that appears in the modal, from now on. */
export async function recordSnacks(page: Page): Promise<() => Promise<string[]>> {
  // The overlay renders on the first open, once its views have loaded.
  await page.waitForSelector('[data-walletgate]', { state: 'attached' })
  await page.evaluate(() => {
    const w = window as unknown as { __snacks?: string[] }
    w.__snacks = []
    const host = document.querySelector('[data-walletgate]')
    const root = host?.shadowRoot
    if (!root) throw new Error('modal not mounted')
    const seen = new WeakSet<Element>()
    const scan = () => {
      for (const el of root.querySelectorAll('[data-testid="snack"]')) {
        if (!seen.has(el)) {
          seen.add(el)
          w.__snacks?.push(el.textContent ?? '')
        }
      }
    }
    new MutationObserver(scan).observe(root, { childList: true, subtree: true })
    scan()
  })
  return () => page.evaluate(() => (window as unknown as { __snacks: string[] }).__snacks)
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious and critical axe-core violations inside the modal (its shadow tree included). */
export async function seriousAxeViolations(page: Page): Promise<{ id: string; impact: string; targets: string[] }[]> {
  await settledAnimations(page)
  // Evaluated through the devtools protocol, so the page's CSP does not apply to it.
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as {
      axe: {
        run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }>
      }
    }).axe
    const result = await axe.run({ include: [['[data-walletgate]']] }, { resultTypes: ['violations'] })
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact ?? '', targets: v.nodes.map((n) => JSON.stringify(n.target)) }))
  })
}

/** Service requests the devnet logged for a path prefix. */
export async function serviceRequests(world: { serviceUrl: string; adminToken: string }, path: string): Promise<{ method: string; path: string }[]> {
  const response = await fetch(`${world.serviceUrl}/__admin/requests?path=${encodeURIComponent(path)}`, { headers: { authorization: `Bearer ${world.adminToken}` } })
  const body = (await response.json()) as { requests: { method: string; path: string }[] }
  return body.requests
}
