/**
 * Attacks on the social login's OpenID Connect flow, over real HTTP against the devnet auth service
 * and its providers: an answer after the flow expired, an authorization request stripped of PKCE, a
 * ticket redeemed twice or late, a token issued for another app, a nonce swapped on the way, a
 * forged state, and a host, provider or return address off the allow-list. Each signs no one in.
 * These defences hold today (moved here from the contract suite so they keep holding).
 */
import { describe, expect, it } from 'vitest'
import { FAULT_WRONG_AUDIENCE } from '../../devnet/src/auth/social/identities'
import { SOCIAL_FLOW_LIFETIME_MS, SOCIAL_MESSAGES, SOCIAL_TICKET_LIFETIME_MS } from '../../devnet/src/auth/social/login'
import { TestBrowser } from '../contract/auth/social-browser'
import { HOST, socialAuthService } from '../contract/auth/social-harness'

let clock = Date.now()
const social = socialAuthService(() => clock)
const { start, redeem, signInPage, pick } = social

describe('tampering with a social login', () => {
  it('a sign-in answered after the flow expired signs no one in', async () => {
    const browser = new TestBrowser()
    const page = await signInPage('apple', browser)
    clock += SOCIAL_FLOW_LIFETIME_MS + 1
    try {
      const landed = await browser.submit(page, new URL(social.url()).origin, { identity: 'apple-1001' })
      expect(landed.status).toBe(400)
      expect(landed.html).toContain('did not start here or has expired')
    } finally {
      clock = Date.now()
    }
  })

  it('the provider refuses an authorization request without PKCE', async () => {
    const { body } = await start('google', { origin: HOST, mode: 'popup' })
    const url = new URL(body.url!)
    url.searchParams.delete('code_challenge')
    url.searchParams.delete('code_challenge_method')
    const res = await fetch(url, { redirect: 'manual' })
    const back = new URL(res.headers.get('location')!, url)
    expect(back.searchParams.get('error')).toBe('invalid_request')
    expect(back.searchParams.get('code')).toBeNull()
  })

  it('a ticket is redeemed once, and not after its lifetime', async () => {
    const ticket = (await pick('facebook', { identity: 'facebook-1003' })).get('walletgate_social')!
    expect((await redeem(ticket)).status).toBe(200)
    expect(await redeem(ticket)).toMatchObject({ status: 400, body: { message: SOCIAL_MESSAGES.invalidTicket } })

    const late = (await pick('facebook', { identity: 'facebook-1003' })).get('walletgate_social')!
    clock += SOCIAL_TICKET_LIFETIME_MS + 1
    try {
      expect(await redeem(late)).toMatchObject({ status: 400, body: { message: SOCIAL_MESSAGES.invalidTicket } })
    } finally {
      clock = Date.now()
    }
  })

  it('a token issued for another app is refused', async () => {
    const answer = await pick('discord', { identity: FAULT_WRONG_AUDIENCE })
    expect(answer.get('walletgate_social_error')).toBe('invalid_token')
    expect(answer.get('walletgate_social')).toBeNull()
  })

  it('a nonce swapped on the way is refused', async () => {
    const answer = await pick('google', { identity: 'google-1002' }, (url) => url.searchParams.set('nonce', 'attacker-chosen-nonce'))
    expect(answer.get('walletgate_social_error')).toBe('invalid_token')
  })

  it('an answer whose state this service never issued gets a clear page and no session', async () => {
    const browser = new TestBrowser()
    const page = await signInPage('github', browser, (url) => url.searchParams.set('state', 'forged-state'))
    const landed = await browser.submit(page, new URL(social.url()).origin, { identity: 'github-1003' })
    expect(landed.status).toBe(400)
    expect(landed.html).toContain('did not start here or has expired, so you are not signed in')
    expect(landed.html).not.toContain('postMessage')
  })

  it('a host outside the allow-list, an unknown provider and a return address elsewhere are refused before the provider', async () => {
    expect(await start('google', { origin: 'https://evil.example', mode: 'popup' })).toMatchObject({ status: 403, body: { message: SOCIAL_MESSAGES.originNotAllowed } })
    expect(await start('myspace', { origin: HOST, mode: 'popup' })).toMatchObject({ status: 400, body: { message: 'Invalid social provider' } })
    expect(await start('google', { origin: HOST, mode: 'redirect', returnUrl: 'https://evil.example/steal' })).toMatchObject({
      status: 400,
      body: { message: SOCIAL_MESSAGES.badReturnUrl },
    })
  })
})
