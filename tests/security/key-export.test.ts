/**
 * Attacks on the key export. A host page (or anyone holding a visitor's session token) wants the
 * keys: asked through the frame, the keys show in the frame only and no message to the host carries
 * them; asked of the service directly, with a valid session, from anything but the wallet's own
 * page, it refuses; and even from there a session alone exports nothing without a fresh code.
 */
import { describe, expect, it } from 'vitest'
import { authServiceForFile } from '../contract/auth/auth-service-harness'
import { devnet } from '../contract/devnet/helpers'
import { aHostileHost, flush } from './support/frame-fakes'
import { call, newestCode } from './support/auth-http'

const EVM_KEY = `0x${'ab'.repeat(32)}`
const SOLANA_KEY = '5J3mBbAH58CpQ3Y5RNJpUKPE62SQ5tfcvU2JpbnkeyhfsYB1Jcn5hmNuBGuSvUd7tQYzJzMBc8yTqPc4x7T7EDfy'

const settle = async () => {
  for (let i = 0; i < 50; i++) await flush()
}

describe('a key export asked through the frame', () => {
  it('shows the keys in the frame and tells the host page only that they were shown', async () => {
    const host = aHostileHost({
      '/v1/export/start': () => ({ json: { sent: true } }),
      '/v1/export/confirm': () => ({ json: { evmPrivateKey: EVM_KEY, solanaSecretKey: SOLANA_KEY } }),
    })
    void host.send('EXPORT_KEYS', {})
    await settle()
    const flow = host.exports[0]!
    await flow.sendCode()
    expect(await flow.showKeys('123456')).toEqual({ evmPrivateKey: EVM_KEY, solanaSecretKey: SOLANA_KEY })
    host.exportAnswers[0]!(true)
    await settle()
    const said = JSON.stringify(host.posted)
    expect(said).toContain('"exported":true')
    for (const secret of [EVM_KEY, EVM_KEY.slice(2), SOLANA_KEY]) expect(said).not.toContain(secret)
  })

  it('without a session, never starts', async () => {
    const host = aHostileHost()
    void host.send('SIGN_OUT', {})
    await settle()
    void host.send('EXPORT_KEYS', {})
    await settle()
    expect(host.exports).toHaveLength(0)
    expect(host.responses().at(-1)).toMatchObject({ ok: false })
  })
})

describe('a key export asked of the service directly', () => {
  const auth = authServiceForFile({ chains: [{ chainId: 31337, rpcUrl: devnet.rpcUrls[31337]! }], serviceUrl: devnet.serviceUrl })
  const email = `exported-${Math.random().toString(36).slice(2)}@example.test`
  const frameCall = { headers: { 'sec-fetch-site': 'same-origin' } }

  it('refuses anything but the wallet frame, and the frame a session without a fresh code', async () => {
    await call(auth.url, 'POST', '/v1/email/login', { body: { email, deviceId: 'laptop' } })
    const verified = await call<{ token: string }>(auth.url, 'POST', '/v1/email/verify', { body: { email, otp: await newestCode(auth.url, email), deviceId: 'laptop' } })
    const token = verified.body.token
    // Another site's page, or a script with a stolen token: refused before anything is mailed or read.
    for (const headers of [{}, { 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }] as Record<string, string>[]) {
      expect((await call(auth.url, 'POST', '/v1/export/start', { token, headers })).status).toBe(403)
      expect((await call(auth.url, 'POST', '/v1/export/confirm', { token, headers, body: { otp: '123456' } })).status).toBe(403)
    }
    // The frame with the session but no code: nothing.
    const none = await call<{ message: string }>(auth.url, 'POST', '/v1/export/confirm', { token, ...frameCall, body: { otp: '123456' } })
    expect([none.status, none.body.message]).toEqual([400, 'Start the export again'])
    // With the code mailed now, the keys (the login's code does not do).
    const login = await newestCode(auth.url, email)
    expect((await call(auth.url, 'POST', '/v1/export/start', { token, ...frameCall })).status).toBe(200)
    const code = await newestCode(auth.url, email, /key export code/)
    if (code !== login) expect((await call(auth.url, 'POST', '/v1/export/confirm', { token, ...frameCall, body: { otp: login } })).status).toBe(400)
    const keys = await call<{ evmPrivateKey: string }>(auth.url, 'POST', '/v1/export/confirm', { token, ...frameCall, body: { otp: code } })
    expect(keys.status).toBe(200)
    expect(keys.headers['cache-control']).toBe('no-store')
    expect(keys.body.evmPrivateKey).toMatch(/^0x[0-9a-f]{64}$/)
  })
})
