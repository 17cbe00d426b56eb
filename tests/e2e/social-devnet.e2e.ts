/**
 * The devnet's sign-in pages in a real browser, from the demo's origin (an allowed host): a social
 * provider in a popup that hands its ticket to the opener by postMessage, the same provider on the
 * redirect path, a refusal, and the devnet Farcaster app approving a channel in a second page.
 * The modal's social views build on these; here the host side is the page itself.
 */
import type { Page } from '@playwright/test'
import { expect, snapshot, test } from './support/fixtures'
import type { E2eWorld } from './support/world'

interface Session {
  user: { accounts: { eip155: string }; socialProvider: string; userName: string }
}

/** The binding a flow is started with; only it redeems the flow's ticket (the wallet frame keeps one per tab). */
const BINDING = 'e2e-devnet-binding-0123456789'

async function startSocial(world: E2eWorld, provider: string, query: Record<string, string>): Promise<string> {
  const res = await fetch(`${world.authUrl}/v1/social/${provider}/start?${new URLSearchParams({ binding: BINDING, ...query }).toString()}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { url: string }).url
}

async function redeem(world: E2eWorld, path: string, body: Record<string, unknown>): Promise<Session> {
  const res = await fetch(`${world.authUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ binding: BINDING, ...body }) })
  expect(res.status).toBe(200)
  return (await res.json()) as Session
}

/** Opens the provider in a popup from the host page, as the modal does inside the click; answers what the opener received. */
async function popupSignIn(page: Page, url: string, choose: (popup: Page) => Promise<void>): Promise<{ origin: string; data: Record<string, string> }[]> {
  await page.evaluate(() => {
    const received: unknown[] = []
    ;(window as unknown as { socialMessages: unknown[] }).socialMessages = received
    window.addEventListener('message', (event) => received.push({ origin: event.origin, data: event.data as unknown }))
  })
  const opened = page.waitForEvent('popup')
  await page.evaluate((target) => {
    window.open(target, 'walletgate-social', 'width=480,height=640')
  }, url)
  const popup = await opened
  const closed = popup.waitForEvent('close')
  await choose(popup)
  await closed
  await expect.poll(() => page.evaluate(() => (window as unknown as { socialMessages: unknown[] }).socialMessages.length)).toBeGreaterThan(0)
  return page.evaluate(() => (window as unknown as { socialMessages: { origin: string; data: Record<string, string> }[] }).socialMessages)
}

test('social sign-in on the devnet: a popup hands its ticket to the opener; the redirect path brings it back on the page; the same identity is the same wallet', async ({ page, world }) => {
  const host = new URL(world.baseUrl).origin
  const auth = new URL(world.authUrl).origin
  await page.goto('/')

  const popupUrl = await startSocial(world, 'google', { origin: host, mode: 'popup' })
  const messages = await popupSignIn(page, popupUrl, async (popup) => {
    await expect(popup.getByRole('heading', { name: 'Sign in with Google (devnet)' })).toBeVisible()
    await snapshot(popup, 'social-devnet-google-sign-in')
    await popup.getByRole('button', { name: 'Continue as Alice Devnet' }).click()
  })
  expect(messages).toHaveLength(1)
  expect(messages[0]!.origin).toBe(auth)
  expect(messages[0]!.data.type).toBe('walletgate:social')
  const alice = await redeem(world, '/v1/social/redeem', { ticket: messages[0]!.data.ticket })
  expect(alice.user).toMatchObject({ socialProvider: 'google', userName: 'alice' })

  // The redirect path (Telegram, iOS Safari): the whole page goes to the provider and comes back.
  const returnUrl = `${world.baseUrl}/?signed-in=1`
  await page.goto(await startSocial(world, 'google', { origin: host, mode: 'redirect', returnUrl }))
  await page.getByRole('button', { name: 'Continue as Alice Devnet' }).click()
  await page.waitForURL((url) => url.href.startsWith(returnUrl) && url.hash.includes('walletgate_social='))
  const ticket = new URLSearchParams(new URL(page.url()).hash.slice(1)).get('walletgate_social')!
  const again = await redeem(world, '/v1/social/redeem', { ticket })
  expect(again.user.accounts.eip155).toBe(alice.user.accounts.eip155)

  // Someone else, by a typed email, on the redirect path.
  await page.goto(await startSocial(world, 'google', { origin: host, mode: 'redirect', returnUrl }))
  await page.getByLabel('Email').fill('someone.else@example.test')
  await page.getByRole('button', { name: 'Continue with this email' }).click()
  await page.waitForURL((url) => url.hash.includes('walletgate_social='))
  const other = await redeem(world, '/v1/social/redeem', { ticket: new URLSearchParams(new URL(page.url()).hash.slice(1)).get('walletgate_social')! })
  expect(other.user.accounts.eip155).not.toBe(alice.user.accounts.eip155)
})

test('social sign-in on the devnet: Deny in the popup tells the opener, which gets no ticket', async ({ page, world }) => {
  await page.goto('/')
  const url = await startSocial(world, 'discord', { origin: new URL(world.baseUrl).origin, mode: 'popup' })
  const messages = await popupSignIn(page, url, async (popup) => {
    await popup.getByRole('button', { name: 'Deny' }).click()
  })
  expect(messages.map((m) => m.data)).toEqual([{ type: 'walletgate:social', error: 'access_denied' }])
})

test('Farcaster on the devnet: the channel link opened in a second page and approved there signs in as that account', async ({ context, world }) => {
  const res = await fetch(`${world.authUrl}/v1/farcaster/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
  const channel = (await res.json()) as { channelToken: string; url: string }
  expect(channel.url.startsWith(`${world.farcasterUrl}/app?`)).toBe(true)

  const app = await context.newPage()
  await app.goto(channel.url)
  await expect(app.getByRole('heading', { name: 'Devnet Farcaster app' })).toBeVisible()
  await snapshot(app, 'social-devnet-farcaster-app')
  await app.getByRole('button', { name: 'Sign in as @alice' }).click()
  await expect(app.getByText('as @alice')).toBeVisible()

  const signedIn = await redeem(world, '/v1/farcaster/redeem', { channelToken: channel.channelToken })
  expect(signedIn.user).toMatchObject({ socialProvider: 'farcaster', userName: 'alice' })
})
