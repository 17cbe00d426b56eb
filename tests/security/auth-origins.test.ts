/**
 * Attacks on what the devnet auth service answers and to whom, over real HTTP: a hostile site
 * drives the email login from a visitor's browser (CORS, and simple requests that need none); an
 * address form that stores one email while the mail goes to another; and an attacker telling a
 * known email from an unknown one by the login answer, the device status, a wrong code, or the
 * email-change answer.
 */
import { describe, expect, it } from 'vitest'
import { authServiceForFile } from '../contract/auth/auth-service-harness'
import { devnet } from '../contract/devnet/helpers'
import { call, mailsTo, newestCode } from './support/auth-http'

let clock = Date.now()

const auth = authServiceForFile({
    chains: [{ chainId: 31337, rpcUrl: devnet.rpcUrls[31337]! }],
    accounts: { now: () => clock },
    serviceUrl: devnet.serviceUrl,
})

const fresh = (name: string) => `${name}-${Math.random().toString(36).slice(2)}@example.test`
const ALLOWED = 'http://127.0.0.1:5173'

describe('CORS and cross-site requests', () => {
  it.each([
    ['the allowed origin as a prefix of a hostile host', 'http://127.0.0.1:5173.evil.test'],
    ['a hostile host ending like the allowed one', 'http://127.0.0.1.evil.test:5173'],
    ['another site', 'https://evil.test'],
    ['a null origin (a sandboxed frame or a file)', 'null'],
    ['the allowed origin with a path', `${ALLOWED}/`],
  ])('%s gets no CORS answer and cannot start a login, even as a simple request', async (_what, origin) => {
    const email = fresh('cors')
    const query = `?projectId=${encodeURIComponent(devnet.projectId)}`
    const preflight = await call(auth.url, 'OPTIONS', `/v1/email/login${query}`, {
      origin,
      headers: { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined()
    // A text/plain POST needs no preflight: the server itself must refuse it.
    const simple = await call(auth.url, 'POST', `/v1/email/login${query}`, { origin, headers: { 'content-type': 'text/plain' }, body: { email, deviceId: 'd' } })
    expect(simple.headers['access-control-allow-origin']).toBeUndefined()
    expect(simple.status).toBe(403)
    expect(await mailsTo(auth.url, email)).toHaveLength(0)
  })

  it("the auth origin itself (the wallet frame's calls) keeps working, and a project's exact host origin gets CORS for itself only", async () => {
    const email = fresh('frame')
    const own = await call(auth.url, 'POST', '/v1/email/login', { origin: new URL(auth.url).origin, body: { email, deviceId: 'd' } })
    expect(own.status).toBe(200)
    const host = await call(auth.url, 'OPTIONS', `/v1/email/login?projectId=${encodeURIComponent(devnet.projectId)}`, {
      origin: ALLOWED,
      headers: { 'access-control-request-method': 'POST' },
    })
    expect(host.headers['access-control-allow-origin']).toBe(ALLOWED)
    // Without naming its project a host origin is nobody's.
    const anonymous = await call(auth.url, 'OPTIONS', '/v1/email/login', { origin: ALLOWED, headers: { 'access-control-request-method': 'POST' } })
    expect(anonymous.headers['access-control-allow-origin']).toBeUndefined()
  })
})

describe('email addresses', () => {
  it.each([
    ['a display name around the real address', 'x<sink@evil.test>'],
    ['a list of two addresses', 'a,sink@evil.test'],
    ['a list with a space', 'victim@example.test, sink@evil.test'],
    ['a quoted display name', '"victim@example.test" <sink@evil.test>'],
    ['a header smuggled after a newline', 'victim@example.test\r\nBcc: sink@evil.test'],
  ])('%s is refused and nothing is mailed', async (_what, email) => {
    const answer = await call(auth.url, 'POST', '/v1/email/login', { body: { email, deviceId: 'd' } })
    expect(answer).toMatchObject({ status: 400, body: { message: 'Enter a valid email address' } })
    expect(await mailsTo(auth.url, 'sink@evil.test')).toHaveLength(0)
  })

  it('the stored email is exactly the address the code was mailed to', async () => {
    const local = `Mixed-${Math.random().toString(36).slice(2)}`
    await call(auth.url, 'POST', '/v1/email/login', { body: { email: ` ${local}@Example.TEST `, deviceId: 'd' } })
    const address = `${local.toLowerCase()}@example.test`
    const mail = (await mailsTo(auth.url, address))[0]
    expect(mail?.to).toEqual([address])
    const verified = await call<{ user: { email: string } }>(auth.url, 'POST', '/v1/email/verify', { body: { email: address, otp: await newestCode(auth.url, address), deviceId: 'd' } })
    expect(verified.body.user.email).toBe(address)
  })
})

describe('telling a known email from an unknown one', () => {
  async function known(): Promise<{ email: string; token: string }> {
    const email = fresh('known')
    await call(auth.url, 'POST', '/v1/email/login', { body: { email, deviceId: 'owner-laptop' } })
    const verified = await call<{ token: string }>(auth.url, 'POST', '/v1/email/verify', { body: { email, otp: await newestCode(auth.url, email), deviceId: 'owner-laptop' } })
    return { email, token: verified.body.token }
  }

  /** Everything an attacker on their own device can ask about an email, in order. */
  async function probe(email: string) {
    const login = await call(auth.url, 'POST', '/v1/email/login', { body: { email, deviceId: 'attacker-device' }, from: '127.0.0.20' })
    const status = await call(auth.url, 'GET', `/v1/email/device-status?email=${encodeURIComponent(email)}&deviceId=attacker-device`, { from: '127.0.0.20' })
    const wrong = await call(auth.url, 'POST', '/v1/email/verify', { body: { email, otp: '000000', deviceId: 'attacker-device' }, from: '127.0.0.20' })
    const resend = await call(auth.url, 'POST', '/v1/email/resend', { body: { email, deviceId: 'attacker-device' }, from: '127.0.0.20' })
    return [login, status, wrong, resend].map((a) => ({ status: a.status, body: a.body }))
  }

  it('the login answer, the device status, a wrong code and a resend say the same for both', async () => {
    const { email } = await known()
    clock += 30_000
    const unknown = fresh('unknown')
    const a = await probe(email)
    const b = await probe(unknown)
    // A one-in-a-million right guess aside, both wrong codes answer alike.
    expect(a).toEqual(b)
  })

  it('an email change to a taken address answers as one to a free address', async () => {
    const { token } = await known()
    const { email: taken } = await known()
    clock += 30_000
    const toTaken = await call(auth.url, 'POST', '/v1/email/update', { body: { email: taken }, token })
    clock += 30_000
    const toFree = await call(auth.url, 'POST', '/v1/email/update', { body: { email: fresh('free') }, token })
    expect({ status: toTaken.status, body: toTaken.body }).toEqual({ status: toFree.status, body: toFree.body })
  })
})
