/**
 * What the auth service binds, over real HTTP: a session to the app it was made for (project and
 * host origin, which the frame sends with every request), and a social login's ticket to the
 * browser that started the flow (a binding value the frame keeps and the service only sees
 * hashed). A token taken to another app, or a ticket taken to another browser, signs no one in.
 */
import { describe, expect, it } from 'vitest'
import { authServiceForFile } from '../contract/auth/auth-service-harness'
import { devnet } from '../contract/devnet/helpers'
import { TestBrowser } from '../contract/auth/social-browser'
import { SOCIAL_MESSAGES } from '../../devnet/src/auth/social/login'
import { DEVNET_ALLOWED_ORIGINS } from '../../devnet/src/auth/social/origins'

/** The header the wallet frame names its app with (project id and host origin). */
const FRAME_APP_HEADER = 'x-walletgate-app'
const frameApp = (projectId: string, hostOrigin: string) => `${projectId} ${hostOrigin}`

const DEMO = frameApp('walletgate-test', 'http://127.0.0.1:5173')
/** Another app: the same project on another port of the same site. */
const OTHER_PORT = frameApp('walletgate-test', 'http://127.0.0.1:6000')
/** Another app: another project at the same origin. */
const OTHER_PROJECT = frameApp('walletgate-demo', 'http://127.0.0.1:5173')
const HOST = 'http://127.0.0.1:5173'

let clock = Date.now()

const auth = authServiceForFile({
    chains: [31337, 31338].map((chainId) => ({ chainId, rpcUrl: devnet.rpcUrls[chainId as 31337]! })),
    accounts: { now: () => clock },
    social: { allowedOrigins: DEVNET_ALLOWED_ORIGINS },
})

async function call<T = Record<string, unknown>>(path: string, init: { body?: unknown; token?: string; app?: string } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${auth.url}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: {
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.token === undefined ? {} : { authorization: `Bearer ${init.token}` }),
      ...(init.app === undefined ? {} : { [FRAME_APP_HEADER]: init.app }),
    },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  })
  return { status: res.status, body: (await res.json()) as T }
}

async function emailSession(app: string): Promise<{ token: string; email: string }> {
  const email = `binding-${Math.random().toString(36).slice(2)}@example.test`
  expect((await call('/v1/email/login', { body: { email, deviceId: 'laptop' }, app })).status).toBe(200)
  // The service answers once the mail is in the sink.
  const mails = (await call<{ subject: string }[]>(`/devnet/mail?to=${encodeURIComponent(email)}`)).body
  const otp = mails.find((m) => /login code/.test(m.subject))?.subject.match(/\d{6}/)?.[0]
  const verified = await call<{ token: string }>('/v1/email/verify', { body: { email, otp, deviceId: 'laptop' }, app })
  expect(verified.status).toBe(200)
  return { token: verified.body.token, email }
}

describe('a wallet session is the app\'s it was made for', () => {
  it('reads the user and signs for that app only; another port, another project or no app gets 401 and nothing of the user', async () => {
    const { token, email } = await emailSession(DEMO)
    const mine = await call<{ email: string }>('/v1/user', { token, app: DEMO })
    expect(mine).toMatchObject({ status: 200, body: { email } })

    const sign = { chainId: 31337, method: 'personal_sign', params: ['0x68656c6c6f', '0x0000000000000000000000000000000000000000'] }
    for (const app of [OTHER_PORT, OTHER_PROJECT, undefined]) {
      const user = await call('/v1/user', { token, ...(app === undefined ? {} : { app }) })
      expect(user.status, `GET /v1/user for ${app ?? 'no app'}`).toBe(401)
      expect(JSON.stringify(user.body)).not.toContain(email)
      const signed = await call('/v1/rpc', { token, body: sign, ...(app === undefined ? {} : { app }) })
      expect(signed.status, `POST /v1/rpc for ${app ?? 'no app'}`).toBe(401)
      expect(signed.body.result).toBeUndefined()
    }
    // The refusals did not end the session in its own app.
    expect((await call('/v1/user', { token, app: DEMO })).status).toBe(200)
  })

  it('the same person signing in to another app gets the same wallet, with a session of that app only', async () => {
    const first = await emailSession(DEMO)
    const demoUser = (await call<{ accounts: { eip155: string } }>('/v1/user', { token: first.token, app: DEMO })).body
    // The second app, past the resend cooldown: the same email (a known device skips the approval link).
    clock += 60_000
    expect((await call('/v1/email/login', { body: { email: first.email, deviceId: 'laptop' }, app: OTHER_PORT })).status).toBe(200)
    const mails = (await call<{ subject: string }[]>(`/devnet/mail?to=${encodeURIComponent(first.email)}`)).body.filter((m) => /login code/.test(m.subject))
    expect(mails).toHaveLength(2)
    const otp = mails[0]!.subject.match(/\d{6}/)?.[0]
    const second = await call<{ token: string; user: { accounts: { eip155: string } } }>('/v1/email/verify', { body: { email: first.email, otp, deviceId: 'laptop' }, app: OTHER_PORT })
    expect(second.status).toBe(200)
    expect(second.body.user.accounts.eip155).toBe(demoUser.accounts.eip155)
    expect((await call('/v1/user', { token: second.body.token, app: DEMO })).status).toBe(401)
    expect((await call('/v1/user', { token: first.token, app: OTHER_PORT })).status).toBe(401)
  })
})

describe('a social login\'s ticket is the browser\'s that started it', () => {
  /** A redirect-mode flow started with `binding`, signed in at the provider: the ticket in the fragment. */
  async function ticketFor(binding: string | undefined): Promise<{ status: number; ticket?: string; message?: string }> {
    const query = new URLSearchParams({ origin: HOST, mode: 'redirect', returnUrl: `${HOST}/`, ...(binding === undefined ? {} : { binding }) })
    const started = await call<{ url?: string; message?: string }>(`/v1/social/github/start?${query.toString()}`)
    if (started.status !== 200) return { status: started.status, ...(started.body.message === undefined ? {} : { message: started.body.message }) }
    const browser = new TestBrowser()
    const origin = new URL(auth.url).origin
    const landed = await browser.submit(await browser.open(started.body.url!, origin), origin, { identity: 'github-1003' })
    return { status: 200, ticket: new URLSearchParams(new URL(landed.url).hash.slice(1)).get('walletgate_social') ?? '' }
  }
  const attackerBinding = 'a'.repeat(32)
  const victimBinding = 'b'.repeat(32)

  it('redeemed with another browser\'s binding, or none, it signs no one in, and it is spent', async () => {
    const { ticket } = await ticketFor(attackerBinding)
    expect(ticket).toBeTruthy()
    const stolen = await call('/v1/social/redeem', { body: { ticket, binding: victimBinding }, app: DEMO })
    expect(stolen).toMatchObject({ status: 400, body: { message: SOCIAL_MESSAGES.otherBrowser } })
    expect(stolen.body.token).toBeUndefined()
    // Spent by the refused try: the attacker's link is dead.
    expect((await call('/v1/social/redeem', { body: { ticket, binding: attackerBinding }, app: DEMO })).status).toBe(400)

    const other = await ticketFor(attackerBinding)
    expect((await call('/v1/social/redeem', { body: { ticket: other.ticket }, app: DEMO })).status).toBe(400)
  })

  it('a flow cannot be started unbound (its ticket would be anyone\'s)', async () => {
    expect(await ticketFor(undefined)).toMatchObject({ status: 400, message: SOCIAL_MESSAGES.badBinding })
    expect(await ticketFor('short')).toMatchObject({ status: 400, message: SOCIAL_MESSAGES.badBinding })
  })

  it('the browser that started it redeems it once, for a session of its app', async () => {
    const { ticket } = await ticketFor(victimBinding)
    const mine = await call<{ token: string }>('/v1/social/redeem', { body: { ticket, binding: victimBinding }, app: DEMO })
    expect(mine.status).toBe(200)
    expect((await call('/v1/user', { token: mine.body.token, app: DEMO })).status).toBe(200)
    expect((await call('/v1/user', { token: mine.body.token, app: OTHER_PORT })).status).toBe(401)
    expect((await call('/v1/social/redeem', { body: { ticket, binding: victimBinding }, app: DEMO })).status).toBe(400)
  })
})
