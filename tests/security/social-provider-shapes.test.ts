/**
 * Attacks on the social login's new provider shapes (issue 47), over real HTTP against the devnet's
 * wallet origin and its stand-in providers: Apple's form post replayed or forged, an OAuth 2 code
 * carried from one provider's flow into another's, an answer naming another issuer (both mix-ups),
 * an Apple id token for another app,
 * and the callback's pages framed by another site. Each signs no one in.
 */
import { describe, expect, it } from 'vitest'
import { FAULT_WRONG_AUDIENCE } from '../../devnet/src/auth/social/identities'
import { TestBrowser, type Landed } from '../contract/auth/social-browser'
import { HOST, RETURN_URL, socialAuthService } from '../contract/auth/social-harness'

const social = socialAuthService()
const { start, redeem } = social
/** An origin no page is on: the test browser stops at every page instead of following it. */
const NOWHERE = 'http://nowhere.invalid'

const hidden = (html: string): Record<string, string> =>
  Object.fromEntries([...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [name!, value!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')]))

/** A redirect-mode flow at `provider` up to the provider's answer, which is not delivered. */
async function answerFrom(provider: string, identity: string): Promise<{ page: Landed; location?: URL }> {
  const { status, body } = await start(provider, { origin: HOST, mode: 'redirect', returnUrl: RETURN_URL })
  expect(status).toBe(200)
  const browser = new TestBrowser()
  const signInPage = await browser.open(body.url!, NOWHERE)
  const landed = await browser.submit(signInPage, NOWHERE, { identity })
  return { page: landed, ...(landed.status >= 300 && landed.status < 400 ? { location: new URL(landed.url) } : {}) }
}

const callback = (fields: Record<string, string>): Promise<Response> =>
  fetch(`${social.url()}/social/callback`, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() })

const fragmentOf = (res: Response): URLSearchParams => new URLSearchParams(new URL(res.headers.get('location') ?? 'http://none/').hash.slice(1))

describe('attacks on the provider shapes', () => {
  it("Apple's form post is taken once: posted again, it signs no one in", async () => {
    const { page } = await answerFrom('apple', 'apple-1001')
    const fields = hidden(page.html)
    expect(fields.code).toBeTruthy()
    const first = await callback(fields)
    expect(first.status).toBe(302)
    const ticket = fragmentOf(first).get('walletgate_social')
    expect(ticket).toBeTruthy()
    expect((await redeem(ticket!)).status).toBe(200)

    const replayed = await callback(fields)
    expect(replayed.status).toBe(400)
    expect(await replayed.text()).toContain('did not start here or has expired')
  })

  it('a form post with a made-up code signs no one in, and spends the flow it named', async () => {
    const { page } = await answerFrom('apple', 'apple-1002')
    const fields = hidden(page.html)
    const forged = await callback({ ...fields, code: 'c'.repeat(43) })
    expect(fragmentOf(forged).get('walletgate_social_error')).toBe('invalid_token')
    expect(fragmentOf(forged).get('walletgate_social')).toBeNull()
    // The real code cannot be delivered after: the state was spent by the forged answer.
    expect((await callback(fields)).status).toBe(400)
  })

  it("a code from one provider delivered to another provider's flow (a mix-up) signs no one in", async () => {
    const discord = await answerFrom('discord', 'discord-1001')
    const code = discord.location!.searchParams.get('code')!
    expect(code).toBeTruthy()
    const github = await answerFrom('github', 'github-1001')
    const state = github.location!.searchParams.get('state')!
    const mixed = await fetch(`${social.url()}/social/callback?${new URLSearchParams({ code, state }).toString()}`, { redirect: 'manual' })
    expect(fragmentOf(mixed).get('walletgate_social_error')).toBe('invalid_token')
    expect(fragmentOf(mixed).get('walletgate_social')).toBeNull()
  })

  it("GitHub's answer naming another issuer (RFC 9207's iss: a mix-up) signs no one in", async () => {
    const { location } = await answerFrom('github', 'github-1002')
    expect(location!.searchParams.get('iss')).toBe(`${new URL(social.url()).origin}/social/github`)
    const mixed = new URL(location!)
    mixed.searchParams.set('iss', `${new URL(social.url()).origin}/social/discord`)
    const res = await fetch(mixed, { redirect: 'manual' })
    expect(fragmentOf(res).get('walletgate_social_error')).toBe('invalid_token')
    expect(fragmentOf(res).get('walletgate_social')).toBeNull()
  })

  it('an Apple id token issued for another app is refused', async () => {
    const { page } = await answerFrom('apple', FAULT_WRONG_AUDIENCE)
    const answer = await callback(hidden(page.html))
    expect(fragmentOf(answer).get('walletgate_social_error')).toBe('invalid_token')
    expect(fragmentOf(answer).get('walletgate_social')).toBeNull()
  })

  it('an OAuth 2 code issued for another app is refused at the token endpoint, so no one signs in', async () => {
    const { location } = await answerFrom('github', FAULT_WRONG_AUDIENCE)
    const res = await fetch(location!, { redirect: 'manual' })
    expect(fragmentOf(res).get('walletgate_social_error')).toBe('invalid_token')
  })

  it("the callback's pages run only their own script and no site can frame them", async () => {
    const { body } = await start('google', { origin: HOST, mode: 'popup' })
    const browser = new TestBrowser()
    const signInPage = await browser.open(body.url!, new URL(social.url()).origin)
    const landed = await browser.submit(signInPage, new URL(social.url()).origin, { identity: 'google-1001' })
    expect(landed.html).toContain('postMessage')
    const res = await fetch(landed.url)
    // Fetched again (the state is spent), it is still a callback page with the same guards.
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9_-]+'/)
    expect(res.headers.get('x-frame-options')).toBe('DENY')
  })
})
