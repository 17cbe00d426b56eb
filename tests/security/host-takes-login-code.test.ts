/**
 * The host page takes the login code. The visitor types the code into the modal's boxes, which are
 * the host page's: a hostile host (allowed for its project, so it gets CORS answers) sends the code
 * to the wallet's API itself, to open a session of its own and sign with it, no frame asked. The
 * API answers what opens or uses a session only to the wallet's own page: the host's request is
 * refused before the code is used (the visitor's frame still signs in with it), and a session the
 * host got hold of signs nothing from its page.
 */
import { describe, expect, it } from 'vitest'
import { authServiceForFile } from '../contract/auth/auth-service-harness'
import { devnet } from '../contract/devnet/helpers'
import { FRAME_APP_HEADER, frameApp } from '../../devnet/src/auth/frame/app-scope'
import { ORIGIN_NOT_ALLOWED } from '../../devnet/src/auth/server'
import { call, newestCode } from './support/auth-http'

const HOST = 'http://127.0.0.1:5173'

describe('a host page with the login code', () => {
  const auth = authServiceForFile({ chains: [{ chainId: 31337, rpcUrl: devnet.rpcUrls[31337]! }], serviceUrl: devnet.serviceUrl })
  const email = `typed-${Math.random().toString(36).slice(2)}@example.test`
  const query = `?projectId=${encodeURIComponent(devnet.projectId)}`
  const app = frameApp(devnet.projectId, HOST)
  const hostPage = { origin: HOST, headers: { 'sec-fetch-site': 'cross-site', [FRAME_APP_HEADER]: app } }
  const frame = { headers: { 'sec-fetch-site': 'same-origin', [FRAME_APP_HEADER]: app } }

  it('cannot open a session with it, nor act with a session, from its page', async () => {
    await call(auth.url, 'POST', '/v1/email/login', { body: { email, deviceId: 'laptop' }, ...frame })
    // The host is allowed for its project (CORS), and starting a login stays open to it...
    expect((await call(auth.url, 'POST', `/v1/email/resend${query}`, { body: { email, deviceId: 'laptop' }, ...hostPage })).status).not.toBe(403)
    // ...but the code it took opens nothing, and is not spent by trying.
    const taken = await call<{ message: string }>(auth.url, 'POST', `/v1/email/verify${query}`, { body: { email, otp: await newestCode(auth.url, email), deviceId: 'laptop' }, ...hostPage })
    expect([taken.status, taken.body.message, taken.headers['set-cookie']]).toEqual([403, ORIGIN_NOT_ALLOWED, undefined])
    const visitor = await call<{ token: string }>(auth.url, 'POST', '/v1/email/verify', { body: { email, otp: await newestCode(auth.url, email), deviceId: 'laptop' }, ...frame })
    expect(visitor.status).toBe(200)

    // A session token the host got hold of anyway signs nothing from its page.
    const token = visitor.body.token
    const sign = { chainId: 31337, method: 'personal_sign', params: ['0x68656c6c6f', '0x0000000000000000000000000000000000000000'] }
    for (const [method, path, body] of [
      ['POST', '/v1/rpc', sign],
      ['POST', '/v1/solana/sign', { kind: 'message', bytes: 'aGVsbG8=' }],
      ['GET', '/v1/user', undefined],
      ['POST', '/v1/preferred-account', { type: 'eoa' }],
      ['POST', '/v1/sign-out-everywhere', {}],
    ] as const) {
      const answer = await call(auth.url, method, `${path}${query}`, { token, ...(body === undefined ? {} : { body }), ...hostPage })
      expect([path, answer.status]).toEqual([path, 403])
    }
    // The frame's own request with the same session works.
    expect((await call(auth.url, 'POST', '/v1/rpc', { token, body: sign, ...frame })).status).toBe(200)
  })
})
