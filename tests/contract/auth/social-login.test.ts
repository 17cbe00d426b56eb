/**
 * Social login on the devnet auth service, over real HTTP: the service starts the flow for an
 * allowed host origin, the devnet provider's sign-in page is driven like a browser (cookies,
 * redirects, forms), and the answer comes back to the host as a one-time ticket (a fragment on
 * the redirect path, a message to the opener on the popup path). The same identity is always the
 * same wallet. The attacks on the flow (a forged state, a swapped nonce, a token for another app)
 * are in tests/security/oidc-tampering.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { createPublicClient, http } from 'viem'
import { devnet } from '../devnet/helpers'
import { NEW_WALLET_FUNDING } from '../../../devnet/src/auth/server'
import { FAULT_SERVER_ERROR } from '../../../devnet/src/auth/social/identities'
import { TestBrowser } from './social-browser'
import { HOST, socialAuthService } from './social-harness'

const social = socialAuthService()
const { start, redeem, signInPage, pick, signIn } = social

describe('social login on the devnet', () => {
  it('a seeded identity signs in with a funded wallet, and the same identity later gets the same one', async () => {
    const first = await signIn('google', { identity: 'google-1001' })
    expect(first.user).toMatchObject({ socialProvider: 'google', userName: 'alice', email: 'alice@devnet.test' })
    expect(first.user.accounts.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/)
    const client = createPublicClient({ transport: http(devnet.rpcUrls[31337]) })
    expect(await client.getBalance({ address: first.user.accounts.eip155 })).toBe(NEW_WALLET_FUNDING)
    const me = await fetch(`${social.url()}/v1/user`, { headers: { authorization: `Bearer ${first.token}` } })
    expect(await me.json()).toEqual(first.user)

    const again = await signIn('google', { identity: 'google-1001' })
    expect(again.user.accounts).toEqual(first.user.accounts)
    expect(again.token).not.toBe(first.token)
  })

  it('each provider signs the same person in by its own shape: OpenID Connect, OAuth 2 and its user endpoint, Apple\'s form post', async () => {
    const shapes: [string, { userName: string; email: string | undefined }][] = [
      ['google', { userName: 'carol', email: 'carol@devnet.test' }],
      ['github', { userName: 'carol', email: 'carol@devnet.test' }],
      ['discord', { userName: 'carol', email: 'carol@devnet.test' }],
      ['facebook', { userName: 'Carol Devnet', email: 'carol@devnet.test' }],
      // X tells no email.
      ['x', { userName: 'carol', email: undefined }],
      ['apple', { userName: 'Carol Devnet', email: 'carol@devnet.test' }],
    ]
    const wallets = new Set<string>()
    for (const [provider, expected] of shapes) {
      const { user } = await signIn(provider, { identity: `${provider}-1003` })
      expect(user, provider).toMatchObject({ socialProvider: provider, userName: expected.userName })
      // An email a provider vouches for is kept unproved (a code proves it): the same as the provider's, or none.
      expect(user.email || undefined, provider).toBe(expected.email)
      wallets.add(user.accounts.eip155)
    }
    expect(wallets.size).toBe(shapes.length)
  })

  it('a different identity, or the same person at another provider, gets a different wallet', async () => {
    const alice = await signIn('github', { identity: 'github-1001' })
    const bob = await signIn('github', { identity: 'github-1002' })
    const aliceAtDiscord = await signIn('discord', { identity: 'discord-1001' })
    expect(bob.user.accounts.eip155).not.toBe(alice.user.accounts.eip155)
    expect(aliceAtDiscord.user.accounts.eip155).not.toBe(alice.user.accounts.eip155)
    expect(aliceAtDiscord.user.socialProvider).toBe('discord')
  })

  it('one browser signs in as one person, then as another, at the same provider', async () => {
    const browser = new TestBrowser()
    const origin = new URL(social.url()).origin
    const ticketFor = async (identity: string): Promise<string> => {
      const landed = await browser.submit(await signInPage('apple', browser), origin, { identity })
      const ticket = new URLSearchParams(new URL(landed.url).hash.slice(1)).get('walletgate_social')
      expect(ticket, `a ticket for ${identity}`).toBeTruthy()
      return ticket!
    }
    const first = await redeem(await ticketFor('apple-1001'))
    const second = await redeem(await ticketFor('apple-1002'))
    // Apple names the person only on their first sign-in, by its form post: the name they gave.
    expect(first.body.user.userName).toBe('Alice Devnet')
    expect(second.body.user.userName).toBe('Bob Devnet')
    expect(second.body.user.accounts.eip155).not.toBe(first.body.user.accounts.eip155)
  })

  it('anyone can sign in by a typed email, the same email twice being the same wallet', async () => {
    const email = `visitor-${Math.random().toString(36).slice(2)}@example.test`
    const first = await signIn('facebook', { identity: 'email', email })
    const second = await signIn('facebook', { identity: 'email', email: email.toUpperCase() })
    expect(first.user).toMatchObject({ email, socialProvider: 'facebook' })
    expect(second.user.accounts.eip155).toBe(first.user.accounts.eip155)
  })

  it('on the popup path the ticket goes to the opener, addressed to the exact host origin', async () => {
    const browser = new TestBrowser()
    const { body } = await start('apple', { origin: HOST, mode: 'popup' })
    const page = await browser.open(body.url!, new URL(social.url()).origin)
    const landed = await browser.submit(page, new URL(social.url()).origin, { identity: 'apple-1002' })
    expect(landed.status).toBe(200)
    const posted = /postMessage\((\{.*?\}),("[^"]*")\)/.exec(landed.html)
    expect(posted).not.toBeNull()
    const message = JSON.parse(posted![1]!) as { type: string; ticket: string }
    expect(message.type).toBe('walletgate:social')
    expect(JSON.parse(posted![2]!)).toBe(HOST)
    expect((await redeem(message.ticket)).body.user).toMatchObject({ socialProvider: 'apple', userName: 'Bob Devnet' })
  })

  it('on the popup path a refusal goes to the opener too, so the host stops waiting', async () => {
    const browser = new TestBrowser()
    const { body } = await start('x', { origin: HOST, mode: 'popup' })
    const page = await browser.open(body.url!, new URL(social.url()).origin)
    const landed = await browser.submit(page, new URL(social.url()).origin, { identity: 'deny' })
    expect(landed.html).toContain('You did not allow the sign-in with X')
    const posted = /postMessage\((\{.*?\}),("[^"]*")\)/.exec(landed.html)
    expect(JSON.parse(posted![1]!)).toEqual({ type: 'walletgate:social', error: 'access_denied' })
    expect(JSON.parse(posted![2]!)).toBe(HOST)
  })

  it('denying consent and a provider error come back to the host as errors, with no ticket', async () => {
    const denied = await pick('google', { identity: 'deny' })
    expect(denied.get('walletgate_social_error')).toBe('access_denied')
    expect(denied.get('walletgate_social')).toBeNull()
    const failed = await pick('google', { identity: FAULT_SERVER_ERROR })
    expect(failed.get('walletgate_social_error')).toBe('server_error')
  })


})

describe('the devnet as startDevnet runs it', () => {
  it('its wallet origin publishes the six providers in their shapes under its origin and opens Farcaster channels on its relay', async () => {
    // Google and Apple are OpenID issuers; GitHub, Facebook, X and Discord are plain OAuth 2 with a user endpoint.
    for (const provider of ['google', 'apple']) {
      const res = await fetch(`${devnet.authUrl}/social/${provider}/.well-known/openid-configuration`)
      expect(((await res.json()) as { issuer: string }).issuer).toBe(`${devnet.authUrl}/social/${provider}`)
    }
    for (const [provider, user] of [['github', '/user'], ['facebook', '/me'], ['x', '/2/users/me'], ['discord', '/users/@me']]) {
      expect((await fetch(`${devnet.authUrl}/social/${provider}/.well-known/openid-configuration`)).status).toBe(404)
      expect((await fetch(`${devnet.authUrl}/social/${provider}${user}`)).status).toBe(401)
    }
    const res = await fetch(`${devnet.authUrl}/v1/farcaster/channel`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    const channel = (await res.json()) as { url: string }
    expect(channel.url.startsWith(`${devnet.farcasterUrl!}/app?channelToken=`)).toBe(true)
  })
})
