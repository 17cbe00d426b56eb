/**
 * Attack: take over a wallet through its passkey login.
 *
 * A visitor signed in by a code adds a passkey; the passkey alone then signs them in, with no code.
 * The attacker tries: replaying an assertion the visitor made; an assertion made on their own site
 * (another origin) or for another RP ID; a challenge issued to one user answered to register a
 * passkey on another user's wallet; adding a passkey with no session; calling the passkey routes
 * from a host page (a cross-site browser request); a credential nobody registered. Each is refused
 * and opens no session.
 */
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ManualClock } from '../../server/src/clock'
import { PASSKEY_FAILURES_PER_CLIENT, PASSKEY_MESSAGES } from '../../server/src/wallet/login/passkeys'
import { ORIGIN_NOT_ALLOWED } from '../../server/src/wallet/wallet-server'
import { SoftAuthenticator } from '../../server/test/wallet/soft-authenticator'
import { bearer, postJson, startWalletOrigin, type TestWalletOrigin } from '../support/wallet-origin'

const clock = new ManualClock(Date.parse('2026-12-07T12:00:00Z'))
let origin: TestWalletOrigin
let url = ''

beforeAll(async () => {
  origin = await startWalletOrigin(clock)
  url = origin.url
})
afterAll(() => origin.close())

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => postJson(url, path, body, headers)

async function codeLogin(email: string): Promise<{ token: string; address: string }> {
  await post('/v1/email/login', { email, deviceId: 'laptop' })
  const { json } = await post('/v1/email/verify', { email, otp: '123456', deviceId: 'laptop' })
  return { token: json.token as string, address: (json.user as { accounts: { eip155: string } }).accounts.eip155 }
}

async function addPasskey(token: string, authenticator: SoftAuthenticator): Promise<void> {
  const options = (await post('/v1/passkey/register/options', {}, bearer(token))).json as never
  const registered = await post('/v1/passkey/register', { response: authenticator.create(options, url) }, bearer(token))
  expect(registered.status).toBe(200)
}

async function passkeyLogin(authenticator: SoftAuthenticator, origin = url) {
  const options = (await post('/v1/passkey/login/options', {})).json as { challenge: string; rpId: string }
  const assertion = authenticator.get(options, origin)
  return { assertion, answer: await post('/v1/passkey/login', { response: assertion, deviceId: 'phone' }) }
}

describe('a passkey', () => {
  it('added after a code login signs the same wallet in with no code, once per assertion', async () => {
    const visitor = await codeLogin('ada@example.test')
    const authenticator = new SoftAuthenticator()
    await addPasskey(visitor.token, authenticator)
    expect(((await (await fetch(`${url}/v1/passkeys`, { headers: bearer(visitor.token) })).json()) as { passkeys: unknown[] }).passkeys).toHaveLength(1)

    const { assertion, answer } = await passkeyLogin(authenticator)
    expect(answer.status).toBe(200)
    expect((answer.json.user as { accounts: { eip155: string } }).accounts.eip155).toBe(visitor.address)
    // The same assertion again: its challenge was taken.
    const replayed = await post('/v1/passkey/login', { response: assertion, deviceId: 'phone' })
    expect(replayed).toEqual({ status: 400, json: { message: PASSKEY_MESSAGES.notVerified } })
  })

  it('made on another origin, or for another RP ID, opens nothing', async () => {
    const visitor = await codeLogin('bob@example.test')
    const authenticator = new SoftAuthenticator()
    await addPasskey(visitor.token, authenticator)
    const phished = await passkeyLogin(authenticator, 'https://wallet-login.evil.example')
    expect(phished.answer).toEqual({ status: 400, json: { message: PASSKEY_MESSAGES.notVerified } })
    const options = (await post('/v1/passkey/login/options', {})).json as { challenge: string }
    const otherRp = authenticator.get({ ...options, rpId: 'evil.example' }, url)
    expect(await post('/v1/passkey/login', { response: otherRp, deviceId: 'phone' })).toEqual({ status: 400, json: { message: PASSKEY_MESSAGES.notVerified } })
  })

  it("cannot be added to another user's wallet with their challenge, nor without a session", async () => {
    const victim = await codeLogin('carol@example.test')
    const attacker = await codeLogin('mallory@example.test')
    const authenticator = new SoftAuthenticator()
    // The victim's registration challenge, answered by the attacker's authenticator on the attacker's session.
    const options = (await post('/v1/passkey/register/options', {}, bearer(victim.token))).json as never
    const crossed = await post('/v1/passkey/register', { response: authenticator.create(options, url) }, bearer(attacker.token))
    expect(crossed).toEqual({ status: 400, json: { message: PASSKEY_MESSAGES.notVerified } })
    // ...and on no session at all.
    const anonymous = await post('/v1/passkey/register', { response: authenticator.create(options, url) })
    expect(anonymous.status).toBe(401)
    // The credential made for the victim's challenge was kept by no one: it signs nobody in.
    const { answer } = await passkeyLogin(authenticator)
    expect(answer).toEqual({ status: 400, json: { message: PASSKEY_MESSAGES.unknown } })
  })

  it("is refused to a host page's cross-site request, before any route runs", async () => {
    const authenticator = new SoftAuthenticator()
    const visitor = await codeLogin('dan@example.test')
    await addPasskey(visitor.token, authenticator)
    const options = (await post('/v1/passkey/login/options', {})).json as { challenge: string }
    const fromHost = await post('/v1/passkey/login', { response: authenticator.get(options, url), deviceId: 'phone' }, { 'sec-fetch-site': 'cross-site' })
    expect(fromHost).toEqual({ status: 403, json: { message: ORIGIN_NOT_ALLOWED } })
    for (const path of ['/v1/passkey/login/options', '/v1/passkey/register/options', '/v1/passkey/register']) {
      expect((await post(path, {}, { 'sec-fetch-site': 'cross-site', ...bearer(visitor.token) })).status).toBe(403)
    }
  })

  it("can be guessed at only so often: after 20 failures a client waits, in the code rules' words, even with a good passkey", async () => {
    const visitor = await codeLogin('erin@example.test')
    const authenticator = new SoftAuthenticator()
    await addPasskey(visitor.token, authenticator)
    const stranger = new SoftAuthenticator()
    stranger.create({ challenge: 'AAAA', rp: { id: 'localhost' }, user: { id: 'someone' } }, url)
    // Earlier tests failed some already from this client; fill the hour's allowance.
    let last = { status: 0, json: {} as Record<string, unknown> }
    for (let i = 0; i < PASSKEY_FAILURES_PER_CLIENT; i++) {
      last = (await passkeyLogin(stranger)).answer
      if (last.status === 429) break
    }
    expect(last.status).toBe(429)
    expect(last.json.message).toMatch(/^Please try again after \d+ seconds$/)
    const { answer } = await passkeyLogin(authenticator)
    expect(answer.status).toBe(429)
    // An hour on, the client may try again, and the good passkey works.
    clock.advance(60 * 60_000 + 1_000)
    expect((await passkeyLogin(authenticator)).answer.status).toBe(200)
  })

  it("confirms a key export for its own user only, and a login's challenge and an export's are not each other's", async () => {
    const owner = await codeLogin('frank@example.test')
    const other = await codeLogin('grace@example.test')
    const authenticator = new SoftAuthenticator()
    await addPasskey(owner.token, authenticator)
    // The export routes answer the wallet's own page only: the browser's word for it.
    const frameOnly = { 'sec-fetch-site': 'same-origin' }
    const exportOptions = async (token: string) => (await post('/v1/export/passkey', {}, { ...frameOnly, ...bearer(token) })).json as { challenge: string }

    // A user with no passkey has none to confirm with.
    expect(await post('/v1/export/passkey', {}, { ...frameOnly, ...bearer(other.token) })).toEqual({ status: 400, json: { message: PASSKEY_MESSAGES.unknown } })
    // The owner's confirmation, posted on another user's session: refused, nothing exported.
    const crossed = await post('/v1/export/confirm', { passkey: authenticator.get(await exportOptions(owner.token), url) }, { ...frameOnly, ...bearer(other.token) })
    expect(crossed).toEqual({ status: 400, json: { message: PASSKEY_MESSAGES.notVerified } })
    // A login's challenge does not confirm an export...
    const loginOptions = (await post('/v1/passkey/login/options', {})).json as { challenge: string }
    expect((await post('/v1/export/confirm', { passkey: authenticator.get(loginOptions, url) }, { ...frameOnly, ...bearer(owner.token) })).status).toBe(400)
    // ...nor an export's a login.
    expect((await post('/v1/passkey/login', { response: authenticator.get(await exportOptions(owner.token), url), deviceId: 'phone' })).status).toBe(400)

    // The owner's own passkey on the owner's session: the keys, which are the wallet's.
    const exported = await post('/v1/export/confirm', { passkey: authenticator.get(await exportOptions(owner.token), url) }, { ...frameOnly, ...bearer(owner.token) })
    expect(exported.status).toBe(200)
    expect(privateKeyToAccount(exported.json.evmPrivateKey as `0x${string}`).address).toBe(owner.address)
  })
})
