/**
 * The devnet auth service's email login, over real HTTP and real SMTP: codes arrive as emails in
 * the mail sink, a right code signs in with a funded wallet, wrong and expired codes are refused
 * with the words the modal shows, a new device waits for the emailed approval link, and the
 * service signs for the user (a real transaction on the devnet chain).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devnet } from '../devnet/helpers'
import { startAuthService, NEW_WALLET_FUNDING, RPC_NOT_ALLOWED, type AuthService } from '../../../devnet/src/auth/server'
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
    chains: [31337, 31338].map((chainId) => ({ chainId, rpcUrl: devnet.rpcUrls[chainId as 31337]! })),
    accounts: { now: () => clock },
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

async function get<T>(path: string, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${auth.url}${path}`, { headers: token === undefined ? {} : { authorization: `Bearer ${token}` } })
  return { status: res.status, body: (await res.json()) as T }
}

/** The newest login code emailed to `to`, read from the devnet mailbox over HTTP. */
async function codeFor(to: string): Promise<string> {
  const { body } = await get<{ subject: string }[]>(`/devnet/mail?to=${encodeURIComponent(to)}`)
  const code = body.find((m) => /login code/.test(m.subject))?.subject.match(/\d{6}/)?.[0]
  if (code === undefined) throw new Error(`no login code for ${to}`)
  return code
}

const fresh = () => `visitor-${Math.random().toString(36).slice(2)}@example.test`

// On the project's devnet: new wallets funded on both chains from the auth faucet (#10), which it empties once on Devnet B (the service refills it).
describe('email login on the devnet auth service', () => {
  it('emails a code; the right one signs in with a wallet funded on both chains; the token reads the user until sign-out', async () => {
    const email = fresh()
    expect((await post('/v1/email/login', { email, deviceId: 'laptop' })).body).toEqual({ action: 'VERIFY_OTP' })
    const otp = await codeFor(email)
    const verified = await post<{ token: string; user: { email: string; accounts: { eip155: Hex; solana: string } } }>('/v1/email/verify', { email, otp, deviceId: 'laptop' })
    expect(verified.status).toBe(200)
    const { token, user } = verified.body
    expect(user.email).toBe(email)
    expect(user.accounts.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/)
    expect(user.accounts.solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    for (const chainId of [31337, 31338] as const) {
      const client = createPublicClient({ transport: http(devnet.rpcUrls[chainId]) })
      expect(await client.getBalance({ address: user.accounts.eip155 })).toBe(NEW_WALLET_FUNDING)
    }
    expect((await get('/v1/user', token)).body).toEqual(user)
    expect((await post('/v1/sign-out', {}, token)).status).toBe(200)
    expect((await get('/v1/user', token)).status).toBe(401)
  })

  it("a chain that started over (the faucet's money gone with it) still funds a new wallet", async () => {
    const chainB = createPublicClient({ transport: http(devnet.rpcUrls[31338]) })
    await chainB.request({ method: 'anvil_setBalance' as never, params: [auth.faucetAddress, '0x0'] as never })
    const email = fresh()
    await post('/v1/email/login', { email, deviceId: 'laptop' })
    const verified = await post<{ user: { accounts: { eip155: Hex } } }>('/v1/email/verify', { email, otp: await codeFor(email), deviceId: 'laptop' })
    expect(verified.status).toBe(200)
    expect(await chainB.getBalance({ address: verified.body.user.accounts.eip155 })).toBe(NEW_WALLET_FUNDING)
  })

  it('a wrong code says so with the attempts left, the last wrong one voids it, an old one has expired', async () => {
    const email = fresh()
    await post('/v1/email/login', { email, deviceId: 'laptop' })
    const otp = await codeFor(email)
    const wrong = otp === '000000' ? '111111' : '000000'
    expect(await post('/v1/email/verify', { email, otp: wrong, deviceId: 'laptop' })).toEqual({ status: 400, body: { message: 'That code is not valid', attemptsLeft: 2 } })
    expect((await post('/v1/email/verify', { email, otp: wrong, deviceId: 'laptop' })).body).toMatchObject({ attemptsLeft: 1 })
    expect((await post('/v1/email/verify', { email, otp: wrong, deviceId: 'laptop' })).body).toMatchObject({ attemptsLeft: 0 })
    // Even the right code is void now.
    expect((await post('/v1/email/verify', { email, otp, deviceId: 'laptop' })).status).toBe(400)

    clock += OTP_RESEND_COOLDOWN_MS
    await post('/v1/email/resend', { email, deviceId: 'laptop' })
    const late = await codeFor(email)
    clock += OTP_LIFETIME_MS + 1
    expect(await post('/v1/email/verify', { email, otp: late, deviceId: 'laptop' })).toEqual({ status: 400, body: { message: 'That code has expired; request a new one' } })
  })

  it('a new code within 30 s of the last is refused with the seconds left', async () => {
    const email = fresh()
    await post('/v1/email/login', { email, deviceId: 'laptop' })
    clock += 10_000
    expect(await post('/v1/email/resend', { email, deviceId: 'laptop' })).toEqual({ status: 429, body: { message: 'Please try again after 20 seconds', retryAfterSeconds: 20 } })
    clock += 20_000
    expect((await post('/v1/email/resend', { email, deviceId: 'laptop' })).status).toBe(200)
  })

  it('a known user on a new device gets the emailed approval link, presses its button, then gets a code; the same wallet as before', async () => {
    const email = fresh()
    await post('/v1/email/login', { email, deviceId: 'laptop' })
    const first = await post<{ user: { accounts: { eip155: string } } }>('/v1/email/verify', { email, otp: await codeFor(email), deviceId: 'laptop' })
    clock += OTP_RESEND_COOLDOWN_MS

    // Answered as for any email (the answer must not tell that this one has an account).
    expect((await post('/v1/email/login', { email, deviceId: 'phone' })).body).toEqual({ action: 'VERIFY_OTP' })
    expect((await get(`/v1/email/device-status?email=${encodeURIComponent(email)}&deviceId=phone`)).body).toEqual({ approved: false })
    const { body: mails } = await get<{ subject: string; text: string }[]>(`/devnet/mail?to=${encodeURIComponent(email)}`)
    const link = mails.find((m) => m.subject === 'Approve this device')?.text.match(/https?:\/\/\S+/)?.[0]
    expect(link).toBeDefined()
    // Opening the link shows a button and approves nothing; its POST approves.
    const approval = await fetch(link!)
    const page = await approval.text()
    expect(page).toContain('Approve this device')
    expect((await get(`/v1/email/device-status?email=${encodeURIComponent(email)}&deviceId=phone`)).body).toEqual({ approved: false })
    const form = Object.fromEntries([...page.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!]))
    const pressed = await fetch(new URL('/v1/email/device-approval', auth.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: (approval.headers.get('set-cookie') ?? '').split(';')[0]! },
      body: new URLSearchParams(form).toString(),
    })
    expect(await pressed.text()).toContain('This device is approved')
    expect((await get(`/v1/email/device-status?email=${encodeURIComponent(email)}&deviceId=phone`)).body).toEqual({ approved: true })
    const second = await post<{ user: { accounts: { eip155: string } } }>('/v1/email/verify', { email, otp: await codeFor(email), deviceId: 'phone' })
    expect(second.body.user.accounts.eip155).toBe(first.body.user.accounts.eip155)
  })

  it('signs and sends for the user; a method off the allow-list is refused', async () => {
    const email = fresh()
    await post('/v1/email/login', { email, deviceId: 'laptop' })
    const { body } = await post<{ token: string; user: { accounts: { eip155: Hex } } }>('/v1/email/verify', { email, otp: await codeFor(email), deviceId: 'laptop' })
    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const sent = await post<{ result: Hex }>('/v1/rpc', { chainId: 31337, method: 'eth_sendTransaction', params: [{ to: receiver, value: `0x${parseEther('0.01').toString(16)}` }] }, body.token)
    expect(sent.status).toBe(200)
    const client = createPublicClient({ transport: http(devnet.rpcUrls[31337]) })
    const receipt = await client.waitForTransactionReceipt({ hash: sent.body.result, pollingInterval: 50 })
    expect(receipt.from.toLowerCase()).toBe(body.user.accounts.eip155.toLowerCase())
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))

    const signed = await post<{ result: Hex }>('/v1/rpc', { chainId: 31337, method: 'personal_sign', params: ['hello', body.user.accounts.eip155] }, body.token)
    expect(await client.verifyMessage({ address: body.user.accounts.eip155, message: 'hello', signature: signed.body.result })).toBe(true)

    expect(await post('/v1/rpc', { chainId: 31337, method: 'eth_sign', params: [] }, body.token)).toEqual({ status: 403, body: { message: RPC_NOT_ALLOWED, code: 4200 } })
    expect((await post('/v1/rpc', { chainId: 31337, method: 'eth_accounts', params: [] })).status).toBe(401)
  })
})
