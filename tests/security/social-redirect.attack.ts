/**
 * Login CSRF through the social redirect. The attacker runs a social login in redirect mode in the
 * victim's app (the demo) in their own browser, signs in as themselves at the provider, and stops
 * at the auth service's callback: its 302 Location is the app's page with
 * `#walletgate_social=<ticket>`. They send that link to the victim. Opening it in another browser
 * must not sign the victim in to the attacker's wallet (where the victim would then receive funds,
 * or sign, as the attacker).
 */
import type { Page } from '@playwright/test'
import { expect, test } from '../e2e/support/fixtures'

/** Safari on an iPhone: the modal takes the redirect path (a full-page navigation to the provider). */
const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const

/** Clicks GitHub on Connect (the redirect path) and waits for the provider's own page. */
async function toGitHub(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('connect-method-social')).toBeVisible()
  await page.getByTestId('social-more').click()
  await page.getByTestId('social-github').click()
  await expect(page.getByRole('heading', { name: 'Sign in with GitHub (devnet)' })).toBeVisible({ timeout: 20_000 })
}

test('a social callback link captured in the attacker\'s browser does not sign the victim in to the attacker\'s wallet', async ({ browser, page, world, pageProblems }) => {
  test.setTimeout(90_000)
  // The service refuses the ticket with a 400, which Chromium logs as a failed resource: that
  // line, and only it, is the refusal this test expects.
  const auth = new URL(world.authUrl).origin

  // The attacker's browser: the app's own redirect login, stopped at the callback's 302.
  const attackerContext = await browser.newContext({ ...PHONE, userAgent: IOS_SAFARI, baseURL: world.baseUrl })
  const attacker = await attackerContext.newPage()
  let link: string | undefined
  // The provider's sign-in form answers with redirects that end at the callback; a browser
  // follows them itself (routes see only the first), so the attacker walks them by hand.
  await attacker.route((url) => url.origin === auth, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback()
    let answer = await route.fetch({ maxRedirects: 0 })
    let next = answer.headers().location
    while (answer.status() >= 300 && answer.status() < 400 && next !== undefined) {
      const target = new URL(next, route.request().url())
      answer = await attackerContext.request.get(target.href, { maxRedirects: 0 })
      if (target.pathname === '/social/callback') {
        link = answer.headers().location
        // 204: the navigation stops here, the ticket unspent.
        return route.fulfill({ status: 204 })
      }
      next = answer.headers().location
    }
    return route.fulfill({ response: answer })
  })
  await attacker.goto('/')
  await toGitHub(attacker)
  await attacker.getByRole('button', { name: 'Continue as Carol Devnet' }).click()
  await expect.poll(() => link, { timeout: 20_000 }).toContain('#walletgate_social=')
  expect(link!.startsWith(world.baseUrl)).toBe(true)
  await attackerContext.close()

  // The victim's browser opens the link, within the ticket's 60 s.
  await page.goto(link!)
  // Whatever the page does with the ticket, it has done it once one of these shows.
  const connected = page.getByTestId('demo-account').filter({ hasText: 'on eip155:' })
  await expect(connected.or(page.getByTestId('social-error'))).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
  // Told why, on Connect; nothing left connecting; the ticket gone from the address bar.
  await expect(page.getByTestId('social-error')).toHaveText(/another browser/)
  await expect(page.getByTestId('view-Connect')).toBeVisible()
  await expect(page.getByTestId('view-ConnectingSocial')).toHaveCount(0)
  expect(new URL(page.url()).hash).not.toContain('walletgate_social')
  const refusals = pageProblems.filter((p) => /^console\.error: Failed to load resource: .*status of 400/.test(p))
  expect(refusals.length).toBeLessThanOrEqual(1)
  for (const refusal of refusals) pageProblems.splice(pageProblems.indexOf(refusal), 1)
})
