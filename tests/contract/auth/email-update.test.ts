/**
 * Changing a user's email on the devnet auth service, over real HTTP and real emails: a code to the
 * current address, then one to the new address, then the wallet answers to the new email (same
 * keys) and the old email no longer reaches it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnet } from '../devnet/helpers'
import { startAuthService, type AuthService } from '../../../devnet/src/auth/server'
import { startSmtpSink, type SmtpSink } from '../../../devnet/src/auth/smtp-sink'
import { OTP_LIFETIME_MS, OTP_RESEND_COOLDOWN_MS } from '../../../server/src/index.js'

let sink: SmtpSink
let auth: AuthService
let clock = Date.now()

beforeAll(async () => {
  // Its own auth service and mail sink: the test moves the service's clock.
  sink = await startSmtpSink({ port: 0 })
  auth = await startAuthService({
    port: 0,
    smtpPort: sink.port,
    mailbox: sink.mailbox,
    chains: [{ chainId: 31337, rpcUrl: devnet.rpcUrls[31337]! }],
    accounts: { now: () => clock },
    serviceUrl: devnet.serviceUrl,
  })
})
afterAll(async () => {
  await auth.stop()
  await sink.stop()
})

async function post<T>(path: string, body: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${auth.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token === undefined ? {} : { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as T }
}

/** The newest code emailed to `to` whose subject matches, read from the devnet mailbox over HTTP. */
async function codeFor(to: string, subject: RegExp): Promise<string> {
  const res = await fetch(`${auth.url}/devnet/mail?to=${encodeURIComponent(to)}`)
  const mails = (await res.json()) as { subject: string }[]
  const code = mails.find((m) => subject.test(m.subject))?.subject.match(/\d{6}/)?.[0]
  if (code === undefined) throw new Error(`no code for ${to}`)
  return code
}

const fresh = (name: string) => `${name}-${Math.random().toString(36).slice(2)}@example.test`

async function signIn(email: string): Promise<{ token: string; address: string }> {
  const login = await post<{ action: string }>('/v1/email/login', { email, deviceId: 'laptop' })
  expect(login.body).toEqual({ action: 'VERIFY_OTP' })
  const { body } = await post<{ token: string; user: { accounts: { eip155: string } } }>('/v1/email/verify', { email, otp: await codeFor(email, /login code/), deviceId: 'laptop' })
  return { token: body.token, address: body.user.accounts.eip155 }
}

describe('email update on the devnet auth service', () => {
  it('a code to the current email, then one to the new email, and the same wallet answers to the new email only', async () => {
    const oldEmail = fresh('old')
    const newEmail = fresh('new')
    const { token, address } = await signIn(oldEmail)

    expect(await post('/v1/email/update', { email: newEmail }, token)).toEqual({ status: 200, body: { action: 'VERIFY_PRIMARY_OTP' } })
    const primary = await codeFor(oldEmail, /email change code/)
    // Nothing went to the new address yet: its owner has not been asked.
    await expect(codeFor(newEmail, /email change code/)).rejects.toThrow()
    const wrong = primary === '000000' ? '111111' : '000000'
    expect(await post('/v1/email/update/primary', { otp: wrong }, token)).toEqual({ status: 400, body: { message: 'That code is not valid', attemptsLeft: 2 } })
    expect(await post('/v1/email/update/primary', { otp: primary }, token)).toEqual({ status: 200, body: { action: 'VERIFY_SECONDARY_OTP' } })

    const secondary = await codeFor(newEmail, /email change code/)
    expect(await post('/v1/email/update/secondary', { otp: secondary }, token)).toEqual({ status: 200, body: { email: newEmail } })
    const me = await fetch(`${auth.url}/v1/user`, { headers: { authorization: `Bearer ${token}` } })
    expect(await me.json()).toMatchObject({ email: newEmail, accounts: { eip155: address } })

    // The new email logs in to the same wallet; the old one now starts a different, new wallet.
    clock += OTP_RESEND_COOLDOWN_MS
    expect((await signIn(newEmail)).address).toBe(address)
    expect((await signIn(oldEmail)).address).not.toBe(address)
  })

  it('refuses an email that belongs to another user once its code proves the asker holds it, and one that is already yours', async () => {
    const mine = fresh('mine')
    const theirs = fresh('theirs')
    const { token } = await signIn(mine)
    await signIn(theirs)
    // Answered as for a free email: only whoever proves the address learns it is taken.
    expect(await post('/v1/email/update', { email: theirs }, token)).toEqual({ status: 200, body: { action: 'VERIFY_PRIMARY_OTP' } })
    await post('/v1/email/update/primary', { otp: await codeFor(mine, /email change code/) }, token)
    const secondary = await codeFor(theirs, /email change code/)
    expect(await post('/v1/email/update/secondary', { otp: secondary }, token)).toEqual({ status: 409, body: { message: 'That email belongs to another account' } })
    clock += OTP_RESEND_COOLDOWN_MS
    expect((await post('/v1/email/update', { email: mine }, token)).status).toBe(400)
  })

  it('keeps the code rules: 30 s between codes, expiry after 10 minutes, a signed-in user only, steps in order', async () => {
    const email = fresh('rules')
    const { token } = await signIn(email)
    expect((await post('/v1/email/update', { email: fresh('next') }, 'not-a-token')).status).toBe(401)
    expect(await post('/v1/email/update/secondary', { otp: '123456' }, token)).toEqual({ status: 400, body: { message: 'Start the email change again' } })

    const next = fresh('next')
    await post('/v1/email/update', { email: next }, token)
    clock += 5_000
    expect(await post('/v1/email/update', { email: next }, token)).toEqual({ status: 429, body: { message: 'Please try again after 25 seconds', retryAfterSeconds: 25 } })
    const primary = await codeFor(email, /email change code/)
    clock += OTP_LIFETIME_MS + 1
    expect(await post('/v1/email/update/primary', { otp: primary }, token)).toEqual({ status: 400, body: { message: 'That code has expired; request a new one' } })
  })
})
