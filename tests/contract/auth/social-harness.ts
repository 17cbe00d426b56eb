/**
 * One devnet auth service with social login for a test file, over real HTTP, and the steps a host
 * page takes: start a flow, drive the provider's page like a browser, redeem the ticket. Shared by
 * the contract suite (tests/contract/auth/social-login.test.ts) and the attacks on the flow
 * (tests/security/oidc-tampering.test.ts).
 */
import { expect } from 'vitest'
import type { Hex } from 'viem'
import { devnet } from '../devnet/helpers'
import { authServiceForFile } from './auth-service-harness'
import { DEVNET_ALLOWED_ORIGINS } from '../../../devnet/src/auth/social/origins'
import { TestBrowser, type Landed } from './social-browser'

export const HOST = 'http://127.0.0.1:5173'
export const RETURN_URL = `${HOST}/app?step=1`
/** The binding a flow is started with; only it redeems the flow's ticket (the wallet frame keeps one per tab). */
export const BINDING = 'contract-test-binding-0123456789'

export interface SessionAnswer {
  token: string
  user: { email: string; accounts: { eip155: Hex; solana: string }; socialProvider: string; userName: string }
}

/** Starts the service before the file's tests (its accounts on `now`) and stops it after. */
export function socialAuthService(now: () => number = Date.now) {
  const auth = authServiceForFile({
    chains: [31337, 31338].map((chainId) => ({ chainId, rpcUrl: devnet.rpcUrls[chainId as 31337]! })),
    accounts: { now },
    social: { allowedOrigins: DEVNET_ALLOWED_ORIGINS },
  })

  const url = (): string => auth.url
  const origin = (): string => new URL(auth.url).origin

  async function start(provider: string, query: Record<string, string>): Promise<{ status: number; body: { url?: string; message?: string } }> {
    const res = await fetch(`${auth.url}/v1/social/${provider}/start?${new URLSearchParams({ binding: BINDING, ...query }).toString()}`)
    return { status: res.status, body: (await res.json()) as { url?: string; message?: string } }
  }

  async function redeem(ticket: string): Promise<{ status: number; body: SessionAnswer & { message?: string } }> {
    const res = await fetch(`${auth.url}/v1/social/redeem`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ticket, binding: BINDING }) })
    return { status: res.status, body: (await res.json()) as SessionAnswer & { message?: string } }
  }

  /** The provider's sign-in page for a fresh redirect-mode flow (optionally with the authorization URL tampered with). */
  async function signInPage(provider: string, browser: TestBrowser, tamper?: (url: URL) => void): Promise<Landed> {
    const { status, body } = await start(provider, { origin: HOST, mode: 'redirect', returnUrl: RETURN_URL })
    expect(status).toBe(200)
    const authorize = new URL(body.url!)
    tamper?.(authorize)
    const page = await browser.open(authorize.href, origin())
    expect(page.status).toBe(200)
    return page
  }

  /** Picks an identity on the provider's page; answers the fragment the host page receives. */
  async function pick(provider: string, identity: Record<string, string>, tamper?: (url: URL) => void): Promise<URLSearchParams> {
    const browser = new TestBrowser()
    const page = await signInPage(provider, browser, tamper)
    const { email, ...match } = identity
    const landed = await browser.submit(page, origin(), match, email === undefined ? {} : { email })
    const back = new URL(landed.url)
    expect(`${back.origin}${back.pathname}${back.search}`).toBe(RETURN_URL)
    return new URLSearchParams(back.hash.slice(1))
  }

  /** A whole redirect-mode sign-in: the session the redeemed ticket gives. */
  async function signIn(provider: string, identity: Record<string, string>): Promise<SessionAnswer> {
    const fragment = await pick(provider, identity)
    const ticket = fragment.get('walletgate_social')
    expect(ticket).toBeTruthy()
    const answer = await redeem(ticket!)
    expect(answer.status).toBe(200)
    return answer.body
  }

  return { url, start, redeem, signInPage, pick, signIn }
}
