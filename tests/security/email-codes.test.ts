/**
 * Attacks on the email codes of the devnet auth service, over real HTTP and real emails, on the
 * service's injected clock: guessing codes by renewing each one as soon as it is void, from one
 * client address or from many, mailing an address without end, approving a device by a plain
 * GET of the emailed link (what a mail scanner does), and a session opened under an address
 * its holder never proved, which must not outlive the real owner proving it.
 */
import { describe, expect, it } from 'vitest'
import { authServiceForFile } from '../contract/auth/auth-service-harness'
import { devnet } from '../contract/devnet/helpers'
import { AuthAccounts, LocalKeyEncryption, migrate, newKekEntry, openPgliteDatabase, parseKeks, WalletKeys } from '../../server/src/index.js'
import { call, mailsTo, newestCode, wrongFor } from './support/auth-http'

let clock = Date.now()

const auth = authServiceForFile({
    chains: [{ chainId: 31337, rpcUrl: devnet.rpcUrls[31337]! }],
    accounts: { now: () => clock },
    serviceUrl: devnet.serviceUrl,
})

const fresh = (name: string) => `${name}-${Math.random().toString(36).slice(2)}@example.test`
const post = <T = Record<string, unknown>>(path: string, body: unknown, from?: string, token?: string) =>
  call<T>(auth.url, 'POST', path, { body, ...(from === undefined ? {} : { from }), ...(token === undefined ? {} : { token }) })
const get = <T = Record<string, unknown>>(path: string) => call<T>(auth.url, 'GET', path)
const SECOND = 1000
const MINUTE = 60 * SECOND

async function signIn(email: string, deviceId = 'laptop'): Promise<string> {
  await post('/v1/email/login', { email, deviceId })
  const verified = await post<{ token: string }>('/v1/email/verify', { email, otp: await newestCode(auth.url, email), deviceId })
  expect(verified.status).toBe(200)
  return verified.body.token
}

describe('guessing email codes', () => {
  it('renewing a void code neither skips the 30 s cooldown nor resets the count: five wrong codes in 15 minutes lock the email, from any client', async () => {
    const email = fresh('guessed')
    await post('/v1/email/login', { email, deviceId: 'attacker' }, '127.0.0.2')
    const first = await newestCode(auth.url, email)
    for (let i = 0; i < 3; i++) await post('/v1/email/verify', { email, otp: wrongFor(first), deviceId: 'attacker' }, '127.0.0.2')
    // The code is void after its third wrong attempt; its cooldown is not.
    expect((await post('/v1/email/resend', { email, deviceId: 'attacker' }, '127.0.0.3')).status).toBe(429)

    clock += 30 * SECOND
    expect((await post('/v1/email/resend', { email, deviceId: 'attacker' }, '127.0.0.3')).status).toBe(200)
    const second = await newestCode(auth.url, email)
    // Two more wrong codes from two other machines: five wrong for this email in 15 minutes.
    await post('/v1/email/verify', { email, otp: wrongFor(second), deviceId: 'attacker' }, '127.0.0.4')
    await post('/v1/email/verify', { email, otp: wrongFor(second), deviceId: 'attacker' }, '127.0.0.5')
    // Locked: even the right code is not looked at, and no new code is mailed.
    expect(await post('/v1/email/verify', { email, otp: second, deviceId: 'attacker' }, '127.0.0.6')).toMatchObject({
      status: 429,
      body: { message: 'Please try again after 900 seconds', retryAfterSeconds: 900 },
    })
    clock += 5 * MINUTE
    expect(await post('/v1/email/resend', { email, deviceId: 'attacker' }, '127.0.0.6')).toMatchObject({
      status: 429,
      body: { message: 'Please try again after 600 seconds', retryAfterSeconds: 600 },
    })

    // Once the lock is over, the owner signs in as usual.
    clock += 10 * MINUTE
    expect((await post('/v1/email/resend', { email, deviceId: 'owner' })).status).toBe(200)
    expect((await post('/v1/email/verify', { email, otp: await newestCode(auth.url, email), deviceId: 'owner' })).status).toBe(200)
  })

  it('a second lock lasts twice as long as the first', async () => {
    const email = fresh('twice')
    const guess = async (n: number) => {
      for (let i = 0; i < n; i++) {
        clock += 30 * SECOND
        await post('/v1/email/resend', { email, deviceId: 'attacker' }, '127.0.0.7')
        await post('/v1/email/verify', { email, otp: wrongFor(await newestCode(auth.url, email)), deviceId: 'attacker' }, '127.0.0.7')
      }
    }
    await guess(5)
    expect((await post('/v1/email/verify', { email, otp: '123456', deviceId: 'attacker' }, '127.0.0.7')).body).toMatchObject({ retryAfterSeconds: 900 })
    clock += 15 * MINUTE
    await guess(5)
    expect((await post('/v1/email/verify', { email, otp: '123456', deviceId: 'attacker' }, '127.0.0.7')).body).toMatchObject({ retryAfterSeconds: 1800 })
  })

  it('one client address guessing across many emails is stopped after 20 wrong codes in an hour', async () => {
    const from = '127.0.0.8'
    const emails = Array.from({ length: 7 }, (_, i) => fresh(`spray${i}`))
    let refused = 0
    let tried = 0
    for (const email of emails) {
      await post('/v1/email/login', { email, deviceId: 'attacker' }, from)
      const code = await newestCode(auth.url, email)
      for (let i = 0; i < 3; i++) {
        tried++
        const answer = await post('/v1/email/verify', { email, otp: wrongFor(code), deviceId: 'attacker' }, from)
        if (answer.status === 429) refused++
      }
    }
    // 21 wrong codes asked, each email at most 3 (under its own limit): the 21st is refused.
    expect(tried).toBe(21)
    expect(refused).toBe(1)
    const last = emails.at(-1)!
    expect((await post('/v1/email/verify', { email: last, otp: '123456', deviceId: 'attacker' }, from)).body).toMatchObject({
      message: expect.stringMatching(/^Please try again after \d+ seconds$/),
    })
    // The owner of that email, on another machine, is not locked out by the sprayer.
    clock += 30 * SECOND
    await post('/v1/email/resend', { email: last, deviceId: 'owner' }, '127.0.0.9')
    expect((await post('/v1/email/verify', { email: last, otp: await newestCode(auth.url, last), deviceId: 'owner' }, '127.0.0.9')).status).toBe(200)
  })

  it('an email address is mailed at most 10 codes a day', async () => {
    const email = fresh('flooded')
    await post('/v1/email/login', { email, deviceId: 'attacker' }, '127.0.0.10')
    const answers: number[] = []
    for (let i = 0; i < 10; i++) {
      clock += 30 * SECOND
      answers.push((await post('/v1/email/resend', { email, deviceId: 'attacker' }, '127.0.0.10')).status)
    }
    expect(answers.filter((s) => s === 200)).toHaveLength(9)
    expect(answers.at(-1)).toBe(429)
    expect((await mailsTo(auth.url, email)).filter((m) => /login code/.test(m.subject))).toHaveLength(10)
  })

  it('guessing the new address of an email change is counted for that address across restarts', async () => {
    const attacker = fresh('attacker')
    const victim = fresh('victim')
    const token = await signIn(attacker)
    const restart = async () => {
      clock += 30 * SECOND
      await post('/v1/email/update', { email: victim }, undefined, token)
      await post('/v1/email/update/primary', { otp: await newestCode(auth.url, attacker, /email change code/) }, undefined, token)
      return newestCode(auth.url, victim, /email change code/)
    }
    const first = await restart()
    for (let i = 0; i < 3; i++) await post('/v1/email/update/secondary', { otp: wrongFor(first) }, undefined, token)
    const second = await restart()
    for (let i = 0; i < 2; i++) await post('/v1/email/update/secondary', { otp: wrongFor(second) }, undefined, token)
    expect((await post('/v1/email/update/secondary', { otp: second }, undefined, token)).status).toBe(429)
    // The victim's address was never taken over.
    expect((await call<{ email: string }>(auth.url, 'GET', '/v1/user', { token })).body.email).toBe(attacker)
  })
})

describe('approving a device from the email', () => {
  it('a GET of the link (a mail scanner) approves nothing; the page posts a form; a post from another site is refused', async () => {
    const email = fresh('device')
    await signIn(email, 'laptop')
    clock += 30 * SECOND
    await post('/v1/email/login', { email, deviceId: 'phone' })
    const link = (await mailsTo(auth.url, email)).find((m) => m.subject === 'Approve this device')?.text.match(/https?:\/\/\S+/)?.[0]
    expect(link).toBeDefined()
    const status = async () => (await get<{ approved: boolean }>(`/v1/email/device-status?email=${encodeURIComponent(email)}&deviceId=phone`)).body.approved

    // The scanner fetches the link (twice, as some do): the page asks, and nothing is approved.
    const page = await call(auth.url, 'GET', new URL(link!).pathname + new URL(link!).search)
    await call(auth.url, 'GET', new URL(link!).pathname + new URL(link!).search)
    expect(page.status).toBe(200)
    expect(page.text).toMatch(/<form[^>]+method="post"/i)
    expect(await status()).toBe(false)

    // Another site posts the token (it saw the link somewhere): refused.
    const token = new URL(link!).searchParams.get('token')!
    const forged = await call(auth.url, 'POST', '/v1/email/device-approval', { form: { token }, origin: 'http://evil.test' })
    expect(forged.status).toBe(403)
    expect(await status()).toBe(false)

    // The person presses the page's button: the form, with its cookie, from the auth origin.
    const cookie = String(page.headers['set-cookie'] ?? '').split(';')[0]!
    const fields = Object.fromEntries([...page.text.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]))
    const approved = await call(auth.url, 'POST', '/v1/email/device-approval', { form: fields, cookie, origin: new URL(auth.url).origin })
    expect(approved.status).toBe(200)
    expect(approved.text).toContain('This device is approved')
    expect(await status()).toBe(true)
    // The code follows by email, and the phone reaches the same wallet.
    expect((await post('/v1/email/verify', { email, otp: await newestCode(auth.url, email), deviceId: 'phone' })).status).toBe(200)
  })
})

describe('an account under an address nobody has proved', () => {
  it("a social identity carrying someone's email gets no wallet of theirs, and its session dies when the owner proves the email", async () => {
    const db = await openPgliteDatabase()
    await migrate(db)
    const now = { now: () => clock }
    const accounts = new AuthAccounts(db, new WalletKeys(db, new LocalKeyEncryption(parseKeks(newKekEntry('k'))), now), { clock: now, newCode: () => '123456' })
    const squatter = await accounts.signInIdentity({ key: 'typed-victim', socialProvider: 'google', email: 'victim@example.test' })
    await accounts.startLogin('victim@example.test', 'owner-laptop')
    const owner = await accounts.verifyCode('victim@example.test', '123456', 'owner-laptop')
    expect(owner.user.evmAddress).not.toBe(squatter.user.evmAddress)
    await expect(accounts.authenticate(squatter.session.token)).rejects.toThrow('Not signed in')
    expect((await accounts.authenticate(owner.session.token)).user.email).toBe('victim@example.test')
    await db.close()
  })
})
