/** Helpers of the faults spec: the devnet's admin switches, CSP violations, raw error text on screen. */
import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures'
import type { E2eWorld } from './world'

/** Calls one of the devnet service's admin endpoints (loopback only, with the devnet's admin token). */
export async function devnetAdmin<T = unknown>(world: E2eWorld, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${world.serviceUrl}/__admin${path}`, {
    method,
    headers: { authorization: `Bearer ${world.adminToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  expect(response.status, `${method} /__admin${path}`).toBeLessThan(300)
  return (await response.json()) as T
}

/** Makes the next `count` service requests under `path` fail the given way (the devnet's fault switch). */
export function injectServiceFault(world: E2eWorld, path: string, kind: '500' | 'hang', count = 50): Promise<unknown> {
  return devnetAdmin(world, 'POST', '/faults', { path, method: 'GET', count, kind })
}

export function clearServiceFaults(world: E2eWorld): Promise<unknown> {
  return devnetAdmin(world, 'DELETE', '/faults')
}

/** Waits until the devnet reports the chain serving again (it restarts a killed node by itself). */
export async function chainBackUp(world: E2eWorld, chainId: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const { chains } = await devnetAdmin<{ chains: { chainId: number; state: string }[] }>(world, 'GET', '/chains')
        return chains.find((c) => c.chainId === chainId)?.state
      },
      { timeout: 60_000 },
    )
    .toBe('up')
}

/** Records every CSP violation of the page from its first script on. */
export async function watchCsp(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] }
    w.__cspViolations = []
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`)
    })
  })
}

export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])
}

/**
 * Words and shapes that only raw, unprocessed errors put on screen: HTTP texts, exception names,
 * request paths and hosts, serialised objects.
 */
const RAW_ERROR_TEXT =
  /HTTP status|status code|\b(?:status|code|error)[: ]+[45]\d\d\b|TypeError|ReferenceError|SyntaxError|RangeError|Failed to fetch(?! transactions)|NetworkError|ECONN|ERR_|Unexpected token|is not valid JSON|\/v1\/|getWallets|__admin|127\.0\.0\.1|localhost|https?:\/\/|\[object Object\]|undefined|\bnull\b|Details:|Version: viem/

/** The modal (when shown) holds no raw error text. */
export async function expectNoRawErrorText(page: Page): Promise<void> {
  const modal = page.getByTestId('modal')
  if (!(await modal.isVisible())) return
  const text = await modal.innerText()
  expect(text, 'raw error text in the modal').not.toMatch(RAW_ERROR_TEXT)
}

/** The checks every fault case ends with: no CSP violation, no raw error text (page errors: the fixture). */
export async function expectCalm(page: Page): Promise<void> {
  expect(await cspViolations(page), 'CSP violations').toEqual([])
  await expectNoRawErrorText(page)
}

/**
 * Chromium logs every failed network request as a console error. Where the failure is the fault
 * under test, exactly those browser network lines (and nothing the app logs) are taken out of the
 * page problems the fixture asserts empty.
 */
export function dropExpectedNetworkErrors(problems: string[], pattern: RegExp): void {
  const expected = (problem: string) => problem.startsWith('console.error: Failed to load resource:') && pattern.test(problem)
  for (let i = problems.length - 1; i >= 0; i--) {
    if (expected(problems[i] ?? '')) problems.splice(i, 1)
  }
  // Requests the fault already set off may still fail after this call (the page keeps reading both
  // chain families while the test ends): the same expected lines are left out from now on too.
  const push = problems.push.bind(problems)
  // Not enumerable: the fixture compares the list with [] at the end.
  Object.defineProperty(problems, 'push', { value: (...items: string[]) => push(...items.filter((item) => !expected(item))), enumerable: false })
}

/** Chromium's console line for a WebSocket the relay refused while it was down. */
export function dropRelayReconnectErrors(problems: string[], relayUrl: string): void {
  for (let i = problems.length - 1; i >= 0; i--) {
    const problem = problems[i] ?? ''
    if (problem.startsWith(`console.error: WebSocket connection to '${relayUrl}/`) && /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET/.test(problem)) {
      problems.splice(i, 1)
    }
  }
}

/**
 * Advances the page's fake clock a second at a time until `visible` shows, at most `fakeMs`: a
 * bounded wait measured in the page's time, without waiting for it in real time.
 */
export async function fastForwardUntilVisible(page: Page, visible: Locator, fakeMs: number): Promise<void> {
  for (let elapsed = 0; elapsed < fakeMs && !(await visible.isVisible()); elapsed += 1000) await page.clock.runFor(1000)
  await expect(visible).toBeVisible({ timeout: 5_000 })
}

export const NETWORK_FAILURES = /status of 5\d\d|net::ERR_CONNECTION_REFUSED|net::ERR_EMPTY_RESPONSE|net::ERR_CONNECTION_RESET|net::ERR_TIMED_OUT/
