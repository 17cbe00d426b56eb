/**
 * Attacks on the frame's session cookie. Served from its own site, the wallet frame is a
 * third-party frame, and a browser may refuse it storage; its session then lives in a cookie of
 * the wallet's origin (partitioned by the host's site, HttpOnly). The host page is in that
 * partition too: its requests to the wallet's API carry the cookie. So the cookie counts only on
 * a request the browser marks same-origin (the frame's own), never on a host page's, another
 * site's or a script's outside a browser; it is one app's and no other's; and signing out ends it.
 */
import { describe, expect, it } from 'vitest'
import { authServiceForFile } from '../contract/auth/auth-service-harness'
import { devnet } from '../contract/devnet/helpers'
import { FRAME_APP_HEADER, frameApp } from '../../devnet/src/auth/frame/app-scope'
import { sessionCookieName } from '../../devnet/src/auth/server'
import { call, newestCode } from './support/auth-http'

const APP = frameApp('walletgate-test', 'http://127.0.0.1:5173')
const OTHER_APP = frameApp('walletgate-test', 'http://127.0.0.1:6000')
const frameCall = (cookie: string, app = APP) => ({ cookie, headers: { 'sec-fetch-site': 'same-origin', [FRAME_APP_HEADER]: app } })

function setCookies(headers: Record<string, string | string[] | undefined>): string[] {
  const value = headers['set-cookie']
  return value === undefined ? [] : Array.isArray(value) ? value : [value]
}

describe("the frame's session cookie", () => {
  const auth = authServiceForFile({ chains: [{ chainId: 31337, rpcUrl: devnet.rpcUrls[31337]! }], serviceUrl: devnet.serviceUrl })
  const email = `cookie-${Math.random().toString(36).slice(2)}@example.test`

  it("counts only on the frame's own requests, for its own app, until sign-out", async () => {
    const login = { headers: { 'sec-fetch-site': 'same-origin', [FRAME_APP_HEADER]: APP } }
    await call(auth.url, 'POST', '/v1/email/login', { body: { email, deviceId: 'laptop' }, ...login })
    const verified = await call(auth.url, 'POST', '/v1/email/verify', { body: { email, otp: await newestCode(auth.url, email), deviceId: 'laptop' }, ...login })
    expect(verified.status).toBe(200)
    const [set] = setCookies(verified.headers)
    expect(set).toMatch(/^wg_session_[0-9a-f]{16}=[^;]+; Path=\/v1\/; HttpOnly; Secure; SameSite=None; Partitioned; Max-Age=\d+$/)
    const cookie = set!.split(';')[0]!

    // The frame's request: signed in.
    expect((await call(auth.url, 'GET', '/v1/user', frameCall(cookie))).status).toBe(200)
    // The host page's request carries the same cookie (the same partition): refused, and nothing signed.
    for (const site of ['cross-site', 'same-site']) {
      const hostPage = { cookie, headers: { 'sec-fetch-site': site, [FRAME_APP_HEADER]: APP } }
      expect((await call(auth.url, 'GET', '/v1/user', hostPage)).status).toBe(403)
      expect((await call(auth.url, 'POST', '/v1/rpc', { ...hostPage, body: { chainId: 31337, method: 'personal_sign', params: ['0x68656c6c6f', '0x0000000000000000000000000000000000000000'] } })).status).toBe(403)
    }
    // A script outside a browser that got the cookie's name and value: no Sec-Fetch-Site, no session.
    expect((await call(auth.url, 'GET', '/v1/user', { cookie, headers: { [FRAME_APP_HEADER]: APP } })).status).toBe(401)
    // Another app's frame on the same site presents the cookie: it is not that app's session.
    expect((await call(auth.url, 'GET', '/v1/user', frameCall(cookie, OTHER_APP))).status).toBe(401)
    // ... nor under that app's cookie name: the session is the app's that signed in.
    const moved = `${sessionCookieName(OTHER_APP)}=${cookie.slice(cookie.indexOf('=') + 1)}`
    expect((await call(auth.url, 'GET', '/v1/user', frameCall(moved, OTHER_APP))).status).toBe(401)

    // Signing out through the frame ends the session and the cookie.
    const out = await call(auth.url, 'POST', '/v1/sign-out', frameCall(cookie))
    expect(setCookies(out.headers)[0]).toMatch(/^wg_session_[0-9a-f]{16}=; .*Max-Age=0$/)
    expect((await call(auth.url, 'GET', '/v1/user', frameCall(cookie))).status).toBe(401)
  })
})
