/**
 * The wallet frame in Debian's Chromium, served by a devnet auth service to a host page on
 * another origin: it says READY, logs in with the emailed code, asks the visitor in its own page
 * before sending (the send lands on the chain), honours a rejection, follows the theme, passes
 * axe, and a host origin other than the one it was opened for cannot frame it at all.
 */
import { createServer, type Server } from 'node:http'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Page } from 'playwright-core'
import { createPublicClient, http, parseEther, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { devnet } from '../devnet/helpers'
import { authServiceForFile } from './auth-service-harness'
import { frameAuthenticator } from '../../support/virtual-authenticator'

// Its own auth service on the project's chains, without a bundler: the EOA's behaviour is the
// subject, and the devnet's own service makes smart accounts where the devnet runs bundlers (the
// e2e world's, under `npm test`).
const auth = authServiceForFile({ chains: Object.entries(devnet.rpcUrls).map(([chainId, rpcUrl]) => ({ chainId: Number(chainId), rpcUrl })), serviceUrl: devnet.serviceUrl })

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** A bare host page with one iframe, and `ask(action, payload)` speaking the frame protocol by hand. */
const HOST_PAGE = `<!doctype html><html lang="en"><head><title>host</title></head><body><iframe id="wallet" title="wallet" allow="publickey-credentials-get *; publickey-credentials-create *" style="width:360px;height:420px;border:0"></iframe></body></html>`

let browser: Browser
let hostA: Server
let hostB: Server
const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as { port: number }).port}`

async function listen(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(HOST_PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  return server
}

beforeAll(async () => {
  ;[browser, hostA, hostB] = await Promise.all([
    chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-dev-shm-usage'],
    }),
    listen(),
    listen(),
  ])
})
afterAll(async () => {
  await browser?.close()
  hostA?.close()
  hostB?.close()
})

const frameUrl = (origin: string) => `${auth.url}/frame?projectId=${encodeURIComponent(devnet.projectId)}&origin=${encodeURIComponent(origin)}`

/** Opens `pageUrl` and loads the frame (opened for `origin`) into its iframe, recording what the frame posts. */
async function hostWithFrame(pageUrl: string, origin: string): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 400, height: 600 } })
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(String(error)))
  await page.goto(pageUrl)
  await page.evaluate((url) => {
    const w = window as unknown as { posted: unknown[]; ask: (action: string, payload: unknown) => Promise<unknown> }
    const frame = document.getElementById('wallet') as HTMLIFrameElement
    const frameOrigin = new URL(url).origin
    let n = 0
    w.posted = []
    frame.addEventListener('load', () => document.body.setAttribute('data-frame-loaded', 'yes'), { once: true })
    window.addEventListener('message', (event) => {
      if (event.origin === frameOrigin) w.posted.push(event.data)
    })
    w.ask = (action, payload) =>
      new Promise((resolve) => {
        const id = `host-${++n}`
        const listener = (event: MessageEvent) => {
          if (event.origin !== frameOrigin || (event.data as { id?: string } | null)?.id !== id) return
          window.removeEventListener('message', listener)
          resolve(event.data)
        }
        window.addEventListener('message', listener)
        frame.contentWindow!.postMessage({ channel: 'walletgate-frame/1', kind: 'request', id, action, payload }, frameOrigin)
      })
    frame.src = url
  }, frameUrl(origin))
  return { page, errors }
}

const ask = (page: Page, action: string, payload: unknown) =>
  page.evaluate(([a, p]) => (window as unknown as { ask: (a: string, p: unknown) => Promise<unknown> }).ask(a as string, p), [action, payload] as const) as Promise<{
    ok: boolean
    payload?: Record<string, unknown>
    error?: { message: string; code?: number }
  }>

const posted = (page: Page) => page.evaluate(() => (window as unknown as { posted: { kind: string; event?: string; payload?: { pending?: boolean } }[] }).posted)

// On the project's devnet: a new auth user (a fresh email), funded by the faucet, sending ether on Devnet A.
describe('the wallet frame in Chromium', () => {
  it('logs in by emailed code, asks before sending, sends on Approve, refuses on Reject', { timeout: 60_000 }, async () => {
    const { page, errors } = await hostWithFrame(urlOf(hostA), urlOf(hostA))
    await page.waitForFunction(() => (window as unknown as { posted: { event?: string }[] }).posted.some((m) => m.event === 'READY'), undefined, { timeout: 20_000 })

    await ask(page, 'SYNC_DAPP_DATA', { projectId: devnet.projectId, sdkVersion: 'walletgate-test', metadata: { name: 'Frame Test Shop', url: urlOf(hostA) } })
    const email = `frame-${Math.random().toString(36).slice(2)}@example.test`
    expect(await ask(page, 'CONNECT_EMAIL', { email })).toMatchObject({ ok: true, payload: { action: 'VERIFY_OTP' } })
    const mails = (await (await fetch(`${auth.url}/devnet/mail?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[]
    const otp = mails[0]!.subject.match(/\d{6}/)![0]
    const connected = await ask(page, 'CONNECT_OTP', { otp })
    expect(connected).toMatchObject({ ok: true, payload: { user: { email, chainId: 31337, preferredAccountType: 'eoa' } } })
    const address = (connected.payload!.user as { address: Hex }).address
    expect(await ask(page, 'IS_CONNECTED', {})).toMatchObject({ ok: true, payload: { isConnected: true } })

    const receiver = privateKeyToAccount(generatePrivateKey()).address
    const sending = ask(page, 'RPC_REQUEST', { chainId: 31337, method: 'eth_sendTransaction', params: [{ from: address, to: receiver, value: `0x${parseEther('0.01').toString(16)}` }] })
    const wallet = page.frameLocator('#wallet')
    const dialog = wallet.getByRole('dialog', { name: 'Approve transaction' })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Frame Test Shop')
    expect(await dialog.textContent()).toContain('0.01 ETH on Devnet A')
    const frame = page.frames().find((f) => f.url().startsWith(`${auth.url}/frame`))!
    await frame.evaluate(AXE_SOURCE)
    const violations = await frame.evaluate(async () => {
      const axe = (window as unknown as { axe: { run(d: Document): Promise<{ violations: { id: string; impact: string | null }[] }> } }).axe
      return (await axe.run(document)).violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)
    })
    expect(violations).toEqual([])
    await wallet.getByTestId('frame-approve').click()
    const sent = await sending
    expect(sent.ok).toBe(true)
    const client = createPublicClient({ transport: http(devnet.rpcUrls[31337]) })
    const receipt = await client.waitForTransactionReceipt({ hash: sent.payload!.result as Hex, pollingInterval: 50 })
    expect(receipt.from.toLowerCase()).toBe(address.toLowerCase())
    expect(await client.getBalance({ address: receiver })).toBe(parseEther('0.01'))

    await ask(page, 'SYNC_THEME', { themeMode: 'dark' })
    expect(await frame.evaluate(() => document.documentElement.dataset.theme)).toBe('dark')
    const signing = ask(page, 'RPC_REQUEST', { chainId: 31337, method: 'personal_sign', params: ['0x68656c6c6f', address] })
    await wallet.getByRole('dialog', { name: 'Sign message' }).waitFor()
    await wallet.getByTestId('frame-reject').click()
    expect(await signing).toMatchObject({ ok: false, error: { message: 'User rejected the request', code: 4001 } })
    expect((await posted(page)).filter((m) => m.event === 'APPROVAL').map((m) => m.payload?.pending)).toEqual([true, false, true, false])
    expect(errors).toEqual([])
    await page.close()
  })

  it('adds a passkey after a code login; a fresh browser profile then logs in with it and no code', { timeout: 90_000 }, async () => {
    const authenticator = (page: Page) => frameAuthenticator(page, `${auth.url}/frame`)
    const ready = (page: Page) => page.waitForFunction(() => (window as unknown as { posted: { event?: string }[] }).posted.some((m) => m.event === 'READY'), undefined, { timeout: 20_000 })

    const { page, errors } = await hostWithFrame(urlOf(hostA), urlOf(hostA))
    await ready(page)
    await ask(page, 'SYNC_DAPP_DATA', { projectId: devnet.projectId, sdkVersion: 'walletgate-test', metadata: { name: 'Passkey Shop', url: urlOf(hostA) } })
    const email = `passkey-${Math.random().toString(36).slice(2)}@example.test`
    await ask(page, 'CONNECT_EMAIL', { email })
    const mails = (await (await fetch(`${auth.url}/devnet/mail?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[]
    const connected = await ask(page, 'CONNECT_OTP', { otp: mails[0]!.subject.match(/\d{6}/)![0] })
    const address = (connected.payload!.user as { address: Hex }).address
    const first = await authenticator(page)

    const adding = ask(page, 'PASSKEY_ADD', {})
    const wallet = page.frameLocator('#wallet')
    const dialog = wallet.getByRole('dialog', { name: 'Add a passkey' })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('Passkey Shop')
    await wallet.getByTestId('frame-approve').click()
    expect(await adding).toEqual(expect.objectContaining({ ok: true, payload: { added: true } }))
    const { credentials } = (await first.cdp.send('WebAuthn.getCredentials', { authenticatorId: first.authenticatorId })) as { credentials: { isResidentCredential: boolean }[] }
    expect(credentials).toHaveLength(1)
    expect(credentials[0]!.isResidentCredential).toBe(true)
    expect(errors).toEqual([])
    await page.close()

    // Another browser profile (a new context: no storage, no cookie), holding the same passkey.
    const other = await hostWithFrame(urlOf(hostA), urlOf(hostA))
    await ready(other.page)
    await ask(other.page, 'SYNC_DAPP_DATA', { projectId: devnet.projectId, sdkVersion: 'walletgate-test', metadata: { name: 'Passkey Shop', url: urlOf(hostA) } })
    expect(await ask(other.page, 'IS_CONNECTED', {})).toMatchObject({ ok: true, payload: { isConnected: false } })
    // That check's 401 is the browser's console line for a profile with no session; nothing after it may fail.
    const checked = other.errors.length
    const second = await authenticator(other.page)
    await second.cdp.send('WebAuthn.addCredential', { authenticatorId: second.authenticatorId, credential: credentials[0] as never })
    const login = await ask(other.page, 'PASSKEY_LOGIN', {})
    expect(login).toMatchObject({ ok: true, payload: { user: { email } } })
    expect((login.payload!.user as { address: Hex }).address).toBe(address)
    expect(await ask(other.page, 'IS_CONNECTED', {})).toMatchObject({ ok: true, payload: { isConnected: true } })
    expect(other.errors.slice(checked)).toEqual([])
    await other.page.close()
  })

  it('a page on another origin cannot frame a frame opened for someone else', { timeout: 30_000 }, async () => {
    const { page } = await hostWithFrame(urlOf(hostB), urlOf(hostA))
    // The browser blocks the document (frame-ancestors): the iframe's load ends on the browser's error page, never on the frame.
    await page.waitForSelector('body[data-frame-loaded="yes"]', { state: 'attached', timeout: 10_000 })
    const child = page.frames().find((f) => f !== page.mainFrame())
    expect(child?.url()).not.toContain('/frame')
    expect(page.frames().some((f) => f.url().startsWith(`${auth.url}/frame`) && f.url() !== '')).toBe(false)
    expect((await posted(page)).some((m) => m.event === 'READY')).toBe(false)
    await page.close()
  })
})
