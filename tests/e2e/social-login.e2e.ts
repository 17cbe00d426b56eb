/**
 * Social login and Farcaster through the modal, against the devnet's providers: a person picks who
 * signs in on the provider's own page (in a popup on a desktop, after a full-page redirect on
 * Safari on iOS), the wallet frame redeems the ticket, and the embedded wallet connects. A closed
 * popup, a refused consent and a failing provider each land back on Connect with words to read.
 */
import type { Page } from '@playwright/test'
import { expect, snapshot, test } from './support/fixtures'

const IOS_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const

async function openConnect(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('connect-method-social')).toBeVisible()
}

/** Clicks a social's button on Connect and resolves the popup it opened, once the provider's page shows. */
async function popupFor(page: Page, social: string, heading: string): Promise<Page> {
  const opened = page.waitForEvent('popup')
  await page.getByTestId(`social-${social}`).click()
  const popup = await opened
  await expect(popup.getByRole('heading', { name: heading })).toBeVisible({ timeout: 20_000 })
  return popup
}

async function connectedAddress(page: Page): Promise<string> {
  await expect(page.getByTestId('demo-account')).toContainText('on eip155:', { timeout: 20_000 })
  const text = (await page.getByTestId('demo-account').textContent()) ?? ''
  const address = text.match(/0x[0-9a-fA-F]{40}/)?.[0]
  if (address === undefined) throw new Error(`no address in "${text}"`)
  return address
}

async function signInWithGoogle(page: Page, who: string): Promise<string> {
  await openConnect(page)
  const popup = await popupFor(page, 'google', 'Sign in with Google (devnet)')
  await popup.getByRole('button', { name: `Continue as ${who}` }).click()
  return connectedAddress(page)
}

async function disconnect(page: Page): Promise<void> {
  await page.getByTestId('demo-disconnect').click()
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
}

/** Back on Connect with `words`, nothing left connecting. */
async function backOnConnectWith(page: Page, words: RegExp): Promise<void> {
  await expect(page.getByTestId('social-error')).toHaveText(words, { timeout: 10_000 })
  await expect(page.getByTestId('view-Connect')).toBeVisible()
  await expect(page.getByTestId('view-ConnectingSocial')).toHaveCount(0)
  await expect(page.getByTestId('demo-account')).toHaveText('Not connected')
}

test('the socials show as their marks, lazy images that load with the buttons: the first three, then all seven behind More', async ({ page }) => {
  await page.goto('/')
  await openConnect(page)
  const social = page.getByTestId('connect-method-social')
  const shown = social.getByRole('button', { name: /^Continue with / })
  await expect(shown).toHaveCount(3)
  // Icon-only: each named for screen readers and with the same words as its tooltip.
  expect(await shown.evaluateAll((list) => list.map((b) => b.getAttribute('title') === b.getAttribute('aria-label')))).toEqual([true, true, true])
  await page.getByTestId('social-more').click()
  // More opens ConnectSocials: every social a named row, in the host's order.
  const view = page.getByTestId('view-ConnectSocials')
  await expect(page.getByRole('heading', { name: 'All Socials' })).toBeVisible()
  const buttons = view.getByRole('button', { name: /^Continue with / })
  await expect(buttons).toHaveCount(7)
  expect(await buttons.evaluateAll((list) => list.map((b) => b.textContent))).toEqual(
    ['Google', 'X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook'].map((name) => `Continue with ${name}`),
  )
  const icons = view.locator('img.wg-social-icon')
  await expect(icons).toHaveCount(7)
  // Each mark is an image that decoded (not a broken image, not a letter), loaded lazily, silent to screen readers.
  await expect
    .poll(() => icons.evaluateAll((list) => list.map((img) => (img as HTMLImageElement).naturalWidth > 0 && img.getAttribute('loading') === 'lazy' && img.getAttribute('alt') === '')))
    .toEqual(Array(7).fill(true))
  // All inside the sheet: none runs past its edge.
  const sheet = await view.boundingBox()
  for (const box of await buttons.evaluateAll((list) => list.map((b) => b.getBoundingClientRect().toJSON() as DOMRect))) {
    expect(box.left).toBeGreaterThanOrEqual(sheet!.x)
    expect(box.right).toBeLessThanOrEqual(sheet!.x + sheet!.width + 0.5)
    expect(box.height).toBeGreaterThanOrEqual(44)
  }
  await snapshot(page, 'social-buttons-all')
  // Back returns to Connect with its three icons.
  await page.getByTestId('modal-back').click()
  await expect(shown).toHaveCount(3)
})

test('Google in a popup: a seeded identity connects, the same identity again is the same wallet, another identity another one; Account shows the provider and username', async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto('/')
  const alice = await signInWithGoogle(page, 'Alice Devnet')
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('account-social-provider')).toHaveText('Google')
  await expect(page.getByTestId('account-social-username')).toHaveText('alice')
  await snapshot(page, 'social-account-google')
  // The spec's social username key, under the modal's storage prefix.
  expect(await page.evaluate(() => Object.entries(localStorage).find(([k]) => k.endsWith('@walletgate/social-username'))?.[1])).toBe('alice')
  await page.keyboard.press('Escape')
  await disconnect(page)

  expect(await signInWithGoogle(page, 'Alice Devnet')).toBe(alice)
  await disconnect(page)
  const bob = await signInWithGoogle(page, 'Bob Devnet')
  expect(bob).not.toBe(alice)
})

test('each provider shape connects through the modal: GitHub (OAuth 2 and its user endpoint) and Apple (a form post back, a JWT client secret) in popups', async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto('/')
  // GitHub: a code, exchanged with the client secret and PKCE, then the person read from /user.
  await openConnect(page)
  await page.getByTestId('social-more').click()
  const github = await popupFor(page, 'github', 'Sign in with GitHub (devnet)')
  await github.getByRole('button', { name: 'Continue as Carol Devnet' }).click()
  const atGithub = await connectedAddress(page)
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('account-social-provider')).toHaveText('GitHub')
  await expect(page.getByTestId('account-social-username')).toHaveText('carol')
  await page.keyboard.press('Escape')
  await disconnect(page)

  // Apple: the provider's page posts the answer back to the wallet origin by itself; the name is the one the person gave.
  await openConnect(page)
  await page.getByTestId('social-more').click()
  const apple = await popupFor(page, 'apple', 'Sign in with Apple (devnet)')
  await apple.getByRole('button', { name: 'Continue as Carol Devnet' }).click()
  const atApple = await connectedAddress(page)
  expect(atApple).not.toBe(atGithub)
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('account-social-provider')).toHaveText('Apple')
  await expect(page.getByTestId('account-social-username')).toHaveText('Carol Devnet')
})

test('closing the popup, refusing consent and a failing provider each return to Connect with a clear message', async ({ page }) => {
  test.setTimeout(60_000)
  await page.goto('/')
  await openConnect(page)

  const closed = await popupFor(page, 'google', 'Sign in with Google (devnet)')
  await expect(page.getByTestId('view-ConnectingSocial')).toBeVisible()
  await snapshot(page, 'social-connecting-google')
  await closed.close()
  await backOnConnectWith(page, /window was closed/)
  await snapshot(page, 'social-connect-popup-closed')

  const denied = await popupFor(page, 'discord', 'Sign in with Discord (devnet)')
  await denied.getByRole('button', { name: 'Deny' }).click()
  await backOnConnectWith(page, /Sign-in was cancelled/)

  const failing = await popupFor(page, 'x', 'Sign in with X (devnet)')
  await failing.getByText('Devnet faults').click()
  await failing.getByRole('button', { name: 'Make the provider fail' }).click()
  await backOnConnectWith(page, /could not sign you in/)
})

test('Farcaster: the QR code link opened in a second page and approved there connects the first page', async ({ page, context }) => {
  test.setTimeout(60_000)
  await page.goto('/')
  await openConnect(page)
  await page.getByTestId('social-more').click()
  await page.getByTestId('social-farcaster').click()
  const qr = page.getByTestId('farcaster-qr')
  await expect(qr).toBeVisible({ timeout: 20_000 })
  const url = (await qr.getAttribute('data-value'))!
  await expect(page.getByTestId('farcaster-link')).toHaveAttribute('href', url)
  await snapshot(page, 'social-farcaster-qr')

  const app = await context.newPage()
  await app.goto(url)
  await app.getByRole('button', { name: 'Sign in as @alice' }).click()
  await expect(app.getByText('as @alice')).toBeVisible()
  await app.close()

  await connectedAddress(page)
  await page.getByTestId('connect-button').click()
  await expect(page.getByTestId('account-social-provider')).toHaveText('Farcaster')
  await expect(page.getByTestId('account-social-username')).toHaveText('alice')
})

test.describe('on Safari on iOS', () => {
  test.use({ ...PHONE, userAgent: IOS_SAFARI })

  test('GitHub takes the redirect path: the page goes to the provider and connects when it comes back, the ticket gone from the address bar; the same person again is the same wallet, another person another one', async ({ page }) => {
    test.setTimeout(60_000)
    await page.goto('/?shop=1')
    await openConnect(page)
    let popups = 0
    page.on('popup', () => popups++)
    await page.getByTestId('social-more').click()
    await page.getByTestId('social-github').click()
    await expect(page.getByRole('heading', { name: 'Sign in with GitHub (devnet)' })).toBeVisible({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Continue as Carol Devnet' }).click()
    await page.waitForURL((url) => url.searchParams.get('shop') === '1')
    const carol = await connectedAddress(page)
    expect(new URL(page.url()).hash).not.toContain('walletgate_social')
    expect(popups).toBe(0)
    // A reload keeps the session (the ticket is spent and gone; the frame holds the session).
    await page.reload()
    expect(await connectedAddress(page)).toBe(carol)

    // Through the redirect again: the same person is the same wallet, another person another one.
    const viaRedirect = async (who: string): Promise<string> => {
      await disconnect(page)
      await openConnect(page)
      await page.getByTestId('social-more').click()
      await page.getByTestId('social-github').click()
      await expect(page.getByRole('heading', { name: 'Sign in with GitHub (devnet)' })).toBeVisible({ timeout: 20_000 })
      await page.getByRole('button', { name: `Continue as ${who}` }).click()
      await page.waitForURL((url) => url.searchParams.get('shop') === '1')
      return connectedAddress(page)
    }
    expect(await viaRedirect('Carol Devnet')).toBe(carol)
    const bob = await viaRedirect('Bob Devnet')
    expect(bob).not.toBe(carol)
    expect(popups).toBe(0)
  })
})

test.describe('inside Telegram on an iPhone', () => {
  test.use({ ...PHONE, userAgent: IOS_SAFARI })

  test('Google is not offered, and X takes the redirect path (a Telegram web view loses popups) and connects on return', async ({ page }) => {
    test.setTimeout(60_000)
    // What Telegram's web view puts on the page of a Mini App.
    await page.addInitScript(() => {
      ;(window as unknown as { Telegram: unknown }).Telegram = { WebApp: { platform: 'ios', openLink: () => undefined } }
    })
    await page.goto('/')
    await openConnect(page)
    let popups = 0
    page.on('popup', () => popups++)
    await page.getByTestId('social-more').click()
    const buttons = page.getByTestId('view-ConnectSocials').getByRole('button', { name: /^Continue with / })
    // More opens every social on a view of its own: waited for, then read in order.
    await expect(buttons).toHaveCount(6)
    const labels = await buttons.evaluateAll((list) => list.map((b) => b.textContent))
    expect(labels).toEqual(['X', 'Discord', 'Farcaster', 'GitHub', 'Apple', 'Facebook'].map((name) => `Continue with ${name}`))
    await page.getByTestId('social-x').click()
    await expect(page.getByRole('heading', { name: 'Sign in with X (devnet)' })).toBeVisible({ timeout: 20_000 })
    await page.getByRole('button', { name: 'Continue as Alice Devnet' }).click()
    await connectedAddress(page)
    expect(popups).toBe(0)
  })
})
